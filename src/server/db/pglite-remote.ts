import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { errorFrom, type RemoteReply, type RemoteRequest, type ThreadOptions } from './pglite-remote-protocol';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = RemoteRequest extends infer R ? R extends unknown ? Omit<R, 'id'> : never : never;

const rawTypes = new WeakMap<object, number[]>();

/** The parsers the server passes all return the text as it is: they travel as the type ids they apply to. */
function rawTypesOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  let oids = rawTypes.get(parsers);
  if (!oids) {
    oids = Object.entries(parsers).map(([oid, parse]) => {
      if (parse('2020-01-02 03:04:05', Number(oid)) !== '2020-01-02 03:04:05') throw new Error(`Only raw-text parsers cross to the database thread (type ${oid})`);
      return Number(oid);
    });
    rawTypes.set(parsers, oids);
  }
  return oids;
}

/** What drizzle and the services call on a PGlite instance or its open transaction: query and exec. */
class RemoteSession {
  constructor(protected readonly send: (request: Request) => Promise<unknown>, private readonly tx?: number) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', tx: this.tx, text, params, rawTypes: rawTypesOf(options), rowMode: options?.rowMode }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', tx: this.tx, text, rawTypes: rawTypesOf(options) }) as Promise<Results[]>;
  }
}

/**
 * PGlite on a thread of its own (EMBEDDED_DB_THREAD): the same calls drizzle makes on a PGlite instance (query, exec,
 * transaction, close), sent as messages. The WebAssembly engine then runs beside HTTP parsing, serialization and the
 * desks' decisions instead of between them: on the main thread it was about two thirds of a loaded server's time.
 * A transaction is PGlite's own, held open on the database thread until the callback here ends, so no other
 * statement runs inside it, as before. The files, and what a kill -9 leaves of them, are the same.
 */
export class RemotePglite extends RemoteSession {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Why the thread is gone (it exited or threw): every call from then on fails with it. */
  private lost: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(options: ThreadOptions) {
    const calls = { send: (_request: Request): Promise<unknown> => Promise.reject(new Error('not started')) };
    super((request) => calls.send(request));
    calls.send = (request) => this.call(request);
    this.worker = new Worker(new URL('./pglite-thread-entry.mjs', import.meta.url), { workerData: options });
    this.worker.on('message', (reply: RemoteReply) => {
      const pending = this.pending.get(reply.id)!;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(errorFrom(reply.error));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`The database thread exited (code ${code})`)));
    this.waitReady = this.call({ op: 'ready' }).then(() => undefined);
  }

  private call(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    if (this.lost) return Promise.reject(this.lost);
    const id = this.nextId++;
    // The thread keeps the process alive only while a call waits for it, as PGlite on the main thread holds nothing:
    // a process that never closes the database still ends.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private failAll(error: Error): void {
    this.lost ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  async transaction<T>(callback: (tx: RemoteSession & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const txId = this.nextId;
    // Not awaited: the thread handles messages in order, so the first statement follows `begin` at once.
    const begun = this.call({ op: 'begin' });
    begun.catch(() => undefined);
    const tx = Object.assign(new RemoteSession((request) => this.call(request), txId), {
      rollback: () => Promise.reject(new Error('rollback')),
    });
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // A transaction that never began has nothing to end: its own error is the one to report.
      await begun;
      await this.call({ op: 'end', tx: txId, commit: false });
      throw error;
    }
    await begun;
    await this.call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }
}
