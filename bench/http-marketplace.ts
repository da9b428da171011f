// Issue 2 benchmark: GET /api/projects and POST /api/credits/purchase on the embedded database, against the
// ceiling of a bare Fastify route, all on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeLoad, load, signUpMany, startServer } from './support/harness';

export async function run(): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts');
  // The bare route also serves the catalogue's exact bytes at /payload: what Fastify alone does with this body.
  const payloadFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-payload-')), 'catalogue.json');
  writeFileSync(payloadFile, Buffer.from(await (await fetch(`${server.baseUrl}/api/projects`)).arrayBuffer()));
  const ceiling = await startServer('bench/support/ceiling-server.ts', { CEILING_PAYLOAD_FILE: payloadFile });
  try {
    // The ceiling is measured before and after the catalogue runs and the HIGHER figure is the reference: on a shared
    // machine throughput drifts by a third between runs, and the ratio must not profit from a slow ceiling run.
    const bareBefore = await load({ url: `${ceiling.baseUrl}/ping` });
    // As a browser asks for it (every browser sends Accept-Encoding), and uncompressed as a bare HTTP client would.
    const projectsResult = await load({ url: `${server.baseUrl}/api/projects`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const projectsIdentity = await load({ url: `${server.baseUrl}/api/projects` });
    const barePayload = await load({ url: `${ceiling.baseUrl}/payload` });
    const bareAfter = await load({ url: `${ceiling.baseUrl}/ping` });
    const bare = bareAfter.requestsPerSecond > bareBefore.requestsPerSecond ? bareAfter : bareBefore;
    await ceiling.stop();
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; pricePerCredit: string }[];
    const cookies = await signUpMany(server.baseUrl, 20, 'purchase');
    let next = 0;
    const purchases = await load({
      url: `${server.baseUrl}/api/credits/purchase`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{
        setupRequest: (request) => {
          const project = projects[next % projects.length];
          const cookie = cookies[next % cookies.length];
          next++;
          return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }) };
        },
      }],
    });
    console.log(describeLoad('ceiling: bare Fastify GET /ping', bare));
    console.log(`  (before ${Math.round(bareBefore.requestsPerSecond)} req/s, after ${Math.round(bareAfter.requestsPerSecond)} req/s; the higher is used)`);
    console.log(describeLoad('GET /api/projects (browser, br)', projectsResult));
    console.log(`  → ${(100 * projectsResult.requestsPerSecond / bare.requestsPerSecond).toFixed(0)}% of the ceiling (target ≥ 50%)`);
    console.log(describeLoad('GET /api/projects (uncompressed)', projectsIdentity));
    console.log(`  → ${(100 * projectsIdentity.requestsPerSecond / bare.requestsPerSecond).toFixed(0)}% of the ceiling`);
    console.log(describeLoad('bare Fastify, same catalogue bytes', barePayload));
    console.log(`  → ${(100 * barePayload.requestsPerSecond / bare.requestsPerSecond).toFixed(0)}% of the ceiling: the most this body allows; uncompressed /api/projects is ${(100 * projectsIdentity.requestsPerSecond / barePayload.requestsPerSecond).toFixed(0)}% of it`);
    console.log(describeLoad('POST /api/credits/purchase', purchases));
    console.log(`  → target ≥ 500 req/s with p99 < 50 ms`);
  } finally {
    await Promise.all([server.stop(), ceiling.stop()]);
  }
}
