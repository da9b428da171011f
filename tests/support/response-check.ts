import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { isDocumentedRoute, OpenApiResponseChecker, type SentResponse } from './openapi-check';
import type { OpenApiDocument } from './openapi-schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each API test file writes how many responses it checked ('' when the check is off: the e2e suite). */
    responseCheckDir: string;
  }
}

/** Mismatches seen since the last check; the test running when they arrived fails (see `failOnMismatches`). */
const problems: string[] = [];
/** Checked responses per `METHOD route status`, summed over the run by the global teardown. */
const checkedByRoute = new Map<string, number>();

/**
 * Checks every response of this app against the app's own /api/docs/json document (openapi-check.ts): in `onSend`,
 * which sees every answer a route sends (also those hooks refuse early), and at `writeHead` for a route that hijacks
 * its reply (the market stream), where the status and content type are checked. Add before `app.ready()`.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  if (!inject('responseCheckDir')) return;
  let checker: OpenApiResponseChecker | undefined;
  const seen = new WeakSet<FastifyRequest>();
  const record = (response: SentResponse) => {
    checker ??= new OpenApiResponseChecker(app.swagger() as unknown as OpenApiDocument);
    const key = `${response.method} ${response.routeUrl} ${response.status}`;
    checkedByRoute.set(key, (checkedByRoute.get(key) ?? 0) + 1);
    const problem = checker.check(response);
    if (problem) problems.push(`[${expect.getState().currentTestName ?? 'outside a test'}] ${problem}`);
  };

  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    const writeHead = raw.writeHead;
    // Only a hijacked reply reaches writeHead without onSend having run.
    raw.writeHead = function (this: typeof raw, ...args: unknown[]) {
      const routeUrl = request.routeOptions.url;
      if (!seen.has(request) && isDocumentedRoute(routeUrl)) {
        seen.add(request);
        const headers = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
        const contentType = headers?.['content-type'] ?? raw.getHeader('content-type');
        record({ ...requestFacts(request, routeUrl), status: Number(args[0]), contentType: contentType === undefined ? undefined : String(contentType), body: undefined, bodyUnseen: true });
      }
      return (writeHead as (...parameters: unknown[]) => typeof raw).apply(this, args);
    } as typeof raw.writeHead;
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const routeUrl = request.routeOptions.url;
    if (!seen.has(request) && isDocumentedRoute(routeUrl)) {
      seen.add(request);
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
      record({
        ...requestFacts(request, routeUrl), status: reply.statusCode, contentType: contentTypeOf(reply), body,
        contentEncoding: reply.getHeader('content-encoding') as string | undefined,
        bodyUnseen: payload !== null && payload !== undefined && body === undefined,
      });
    }
    done(null, payload);
  });
}

function requestFacts(request: FastifyRequest, routeUrl: string) {
  return { method: request.method, routeUrl, url: request.url.slice(0, 200) };
}

function contentTypeOf(reply: FastifyReply): string | undefined {
  const value = reply.getHeader('content-type');
  return value === undefined ? undefined : String(value);
}

/** The mismatches seen since the last call (a test that wants them per request, such as a fuzz property). */
export function takeMismatches(): string[] {
  return problems.splice(0);
}

/** Fails the test during which a response disagreed with the document; at file end, writes this file's count. */
export function failOnMismatches(): void {
  afterEach(() => {
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(`${found.length} response(s) disagree with /api/docs/json:\n${found.join('\n')}`);
  });
  afterAll(() => {
    const dir = inject('responseCheckDir');
    if (dir && checkedByRoute.size > 0) {
      writeFileSync(path.join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.json`), JSON.stringify({
        file: expect.getState().testPath, checkedByRoute: Object.fromEntries(checkedByRoute),
      }));
    }
    checkedByRoute.clear();
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(`${found.length} response(s) outside tests disagree with /api/docs/json:\n${found.join('\n')}`);
  });
}
