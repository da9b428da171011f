import http from 'node:http';

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text matches, or rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** Opens a Server-Sent Events stream over real HTTP (inject would wait for an end that never comes). */
export function openSse(url: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      let received = '';
      const waiters: { pattern: RegExp; done: () => void }[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        for (const waiter of [...waiters]) {
          if (waiter.pattern.test(received)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.done();
          }
        }
      });
      const ended = new Promise<void>((done) => { response.once('end', done); response.once('close', done); });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => received,
        waitFor: (pattern, timeoutMs = 2000) => new Promise((done, fail) => {
          if (pattern.test(received)) return done();
          const timer = setTimeout(() => fail(new Error(`no ${pattern} within ${timeoutMs} ms; got ${JSON.stringify(received)}`)), timeoutMs);
          waiters.push({ pattern, done: () => { clearTimeout(timer); done(); } });
        }),
        close: () => request.destroy(),
        ended,
      });
    });
    request.once('error', reject);
  });
}
