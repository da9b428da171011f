import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAtMs: number;
}

/** A webhook receiver on 127.0.0.1 that answers `status()` (200 unless told otherwise) and keeps what it got. */
export async function startReceiver(status: (count: number) => number = () => 200, port = 0) {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    request.on('end', () => {
      received.push({ headers: request.headers, body, receivedAtMs: performance.now() });
      response.statusCode = status(received.length);
      response.end('ok');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    port: (server.address() as AddressInfo).port,
    /** Resolves once `count` requests have arrived (the test's own timeout bounds the wait). */
    async waitFor(count: number): Promise<ReceivedWebhook[]> {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
