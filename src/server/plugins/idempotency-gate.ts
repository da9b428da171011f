import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '@/domain/errors';
import type { Database } from '@/server/db/client';
import {
  DuplicateRequestError, IdempotencyKeyReusedError, type IdempotencyTicket, type StoredAnswer,
} from '@/server/services/idempotency/idempotency-ticket';
import { loadAnswer } from '@/server/services/idempotency/idempotent-writes';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export interface IdempotentWrite<R> {
  userId: number;
  /** The work; a keyed request hands its ticket to the service, which stores the answer in its transaction. */
  work: (ticket: IdempotencyTicket<R> | undefined) => Promise<R>;
  /** The HTTP answer of a result: a pure function, since it is computed inside the transaction. */
  answer: (value: R) => StoredAnswer;
  /**
   * Adds what is only known after the commit (a token id from the chain) to the answer of a request WITHOUT a key. A
   * keyed request is answered with exactly what was stored in its transaction, as every replay of it will be.
   */
  refine?: (value: R, answer: StoredAnswer) => Promise<StoredAnswer>;
  /** Runs after the commit and before the answer, keyed or not, without changing it (a wait that later reads profit from). */
  afterCommit?: (value: R) => Promise<void>;
}

/**
 * The one mechanism behind `Idempotency-Key` on every state-changing route. The key is scoped to the account. A
 * duplicate in this process waits for the first request and then replays its stored answer; a duplicate on another
 * instance is stopped by the database (idempotent-writes.ts) and replays it too, or gets 409 while the first is
 * still running. The same key with another request is 422. Requests without the header run as before.
 */
export class IdempotencyGate {
  private readonly running = new Map<string, Promise<void>>();
  private readonly committedListeners: CommittedListener[] = [];

  constructor(private readonly db: Database, private readonly clock: () => Date) {}

  /**
   * Calls `listener` once per request whose work this gate ran and committed, with the answer as of the commit; never
   * for a replayed answer (the business metrics count work done, once).
   */
  onCommitted(listener: CommittedListener): void {
    this.committedListeners.push(listener);
  }

  private committed(request: FastifyRequest, answer: StoredAnswer): void {
    for (const listener of this.committedListeners) listener(request, answer);
  }

  async respond<R>(request: FastifyRequest, reply: FastifyReply, write: IdempotentWrite<R>): Promise<FastifyReply> {
    const key = readIdempotencyKey(request);
    if (key === undefined) {
      const value = await write.work(undefined);
      const answer = write.answer(value);
      this.committed(request, answer);
      await write.afterCommit?.(value);
      return send(reply, write.refine ? await write.refine(value, answer) : answer);
    }
    const requestHash = hashRequest(request);
    const slot = `${write.userId}\u0000${key}`;
    for (let waiting = this.running.get(slot); waiting; waiting = this.running.get(slot)) await waiting;
    let release!: () => void;
    this.running.set(slot, new Promise<void>((resolve) => { release = resolve; }));
    try {
      let value: R;
      // What the service stored is what is sent: computed once, and the first answer is byte for byte the replays'.
      let stored: StoredAnswer | null = null;
      const answerOnce = (result: R): StoredAnswer => (stored = write.answer(result));
      try {
        value = await write.work({ userId: write.userId, key, requestHash, answer: answerOnce });
      } catch (error) {
        if (!(error instanceof DuplicateRequestError)) throw error;
        return await this.replay(reply, write.userId, key, requestHash);
      }
      // The answer as stored: answers are plain JSON values (no Date, bigint or undefined survives `answer`), so the
      // response serialiser writes the same bytes a replay of the stored text does. Nothing is added after the commit
      // (no `refine`): a replay answers with the stored text, so the first answer must be that text too.
      const answer = stored ?? write.answer(value);
      this.committed(request, answer);
      await write.afterCommit?.(value);
      return send(reply, answer);
    } finally {
      this.running.delete(slot);
      release();
    }
  }

  private async replay(reply: FastifyReply, userId: number, key: string, requestHash: string): Promise<FastifyReply> {
    const stored = await loadAnswer(this.db, userId, key, this.clock());
    if (!stored) throw new DuplicateRequestError();
    if (stored.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
    reply.header('idempotent-replayed', 'true');
    return send(reply, stored.answer);
  }
}

/** Told of each request whose work committed, with its answer as of the commit. */
export type CommittedListener = (request: FastifyRequest, answer: StoredAnswer) => void;

/** The request's key, or undefined without the header; a malformed one is a 400 before anything runs. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE_ASCII.test(value)) {
    throw new ValidationError(`Idempotency-Key must be one header of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`);
  }
  return value;
}

/**
 * The request as the route sees it: its pattern, decoded parameters and query, and body. Not the raw URL, whose
 * spellings (`/api/credits/purch%61se`) reach the same route and must replay the same answer.
 */
function hashRequest(request: FastifyRequest): string {
  const route = `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params ?? null)} ${JSON.stringify(request.query ?? null)}`;
  return hash('sha256', `${route}\n${JSON.stringify(request.body ?? null)}`, 'base64url');
}

function send(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.status(answer.status).send(answer.body);
}

const gates = new WeakMap<object, IdempotencyGate>();

/** One gate per app, so that every route shares its view of the requests still running. */
export function idempotencyGate(deps: { db: Database; clock: () => Date }): IdempotencyGate {
  let gate = gates.get(deps);
  if (!gate) gates.set(deps, (gate = new IdempotencyGate(deps.db, deps.clock)));
  return gate;
}
