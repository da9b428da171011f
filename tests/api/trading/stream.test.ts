import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { newTrader, placeOrder, send, type Trader } from './trading-kit';
import { openSse, type SseClient } from './sse-client';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
let baseUrl: string;
let project: Project;
let other: Project;
let seller: Trader;
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  project = await findProject(t.app, 'Ohio Landfill Gas Capture');
  other = await findProject(t.app, 'California Dairy Digesters');
  seller = await newTrader(t.app, project, 10);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

async function open(projectId: number): Promise<SseClient> {
  const stream = await openSse(`${baseUrl}/api/trading/stream/${projectId}`);
  streams.push(stream);
  return stream;
}

describe('GET /api/trading/stream/:projectId', () => {
  it('is an event stream that greets the client', async () => {
    const stream = await open(project.id);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toContain('no-cache');
    await stream.waitFor(/^retry: \d+\n: connected/);
  });

  it('announces an order of its project within a second, and not one of another project', async () => {
    const watching = await open(project.id);
    const elsewhere = await open(other.id);
    await watching.waitFor(/connected/);
    await elsewhere.waitFor(/connected/);
    const response = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '12.00' });
    expect(response.statusCode).toBe(201);
    await watching.waitFor(new RegExp(`event: market\ndata: \\{"projectId":${project.id}\\}\n\n`), 1000);
    expect(elsewhere.text()).not.toContain('event: market');
  });

  it('announces a burst of changes once', async () => {
    const stream = await open(project.id);
    await stream.waitFor(/connected/);
    await Promise.all([1, 2, 3].map((n) => placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: `1${n}.50` })));
    await stream.waitFor(/event: market/, 1000);
    // The three orders were one batch, or a few within the coalescing window: far fewer notices than changes.
    expect(stream.text().match(/event: market/g)!.length).toBeLessThanOrEqual(2);
  });

  it('is 404 for an unknown project and 400 for a bad id', async () => {
    expect((await send(t.app, 'GET', '/api/trading/stream/999999')).statusCode).toBe(404);
    expect((await send(t.app, 'GET', '/api/trading/stream/abc')).statusCode).toBe(400);
  });

  it('lets the server close while streams are open, ending them', async () => {
    const stream = await open(project.id);
    await stream.waitFor(/connected/);
    const closing = t.app.close();
    await stream.ended;
    await closing;
  });
});
