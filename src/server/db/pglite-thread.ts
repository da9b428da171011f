// The embedded database's own thread (EMBEDDED_DB_THREAD): a PGlite instance that answers the main thread's
// messages (pglite-remote.ts), so that its WebAssembly engine runs beside HTTP instead of between requests.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { leanTypeParsers } from './lean-type-parsers';
import type { RemoteReply, RemoteRequest, ThreadOptions } from './pglite-remote-protocol';
import { cloneableError } from './pglite-remote-protocol';

const options = workerData as ThreadOptions;
const port = parentPort!;
const identity = (value: string) => value;
const optionSets = new Map<string, QueryOptions>();
/** Every parser the server passes returns the database's text as it is: they travel as the type ids they apply to. */
function queryOptions(rawTypes: readonly number[] | undefined, rowMode: 'array' | 'object' | undefined): QueryOptions | undefined {
  if (!rawTypes && !rowMode) return undefined;
  const key = `${rowMode ?? ''}:${rawTypes?.join(',') ?? ''}`;
  let options = optionSets.get(key);
  if (!options) {
    options = { ...(rowMode ? { rowMode } : {}), ...(rawTypes ? { parsers: Object.fromEntries(rawTypes.map((oid) => [oid, identity])) } : {}) };
    optionSets.set(key, options);
  }
  return options;
}

const ROLLBACK = Symbol('rollback');
type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; endId?: number };
/**
 * Transactions by the id of their `begin`, as promises: the main thread sends its first statement right behind `begin`
 * without waiting for it (one round trip less a batch), so a statement can arrive before its transaction has begun.
 */
const transactions = new Map<number, Promise<OpenTransaction>>();
const inTransaction = async (txId: number) => (await transactions.get(txId)!).tx;

const pglite = new PGlite(options.dataDir, options.startParams ? { startParams: options.startParams } : {});
const ready = pglite.waitReady.then(() => leanTypeParsers(pglite));

const reply = (message: RemoteReply) => port.postMessage(message);

async function handle(request: RemoteRequest): Promise<void> {
  const { id } = request;
  // Registered before the first await, so that the statements queued behind this message find their transaction.
  const opening = request.op === 'begin' ? beginning(id) : null;
  try {
    await ready;
    switch (request.op) {
      case 'ready':
        return reply({ id, ok: true, value: null });
      case 'query': {
        const target = request.tx === undefined ? pglite : await inTransaction(request.tx);
        return reply({ id, ok: true, value: await target.query(request.text, request.params, queryOptions(request.rawTypes, request.rowMode)) });
      }
      case 'exec': {
        const target = request.tx === undefined ? pglite : await inTransaction(request.tx);
        return reply({ id, ok: true, value: await target.exec(request.text, queryOptions(request.rawTypes, undefined)) });
      }
      case 'begin': {
        // PGlite's own transaction (its mutex keeps every other statement out) stays open until the main thread ends it.
        let open: OpenTransaction | null = null;
        pglite.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            open = { tx, end };
            opening!.opened(open);
            reply({ id, ok: true, value: null });
          });
          if (!commit) throw ROLLBACK;
        }).then(
          () => settle(id, open!, null),
          (error: unknown) => {
            if (open) return settle(id, open, error === ROLLBACK ? null : error);
            opening!.failed(error);
            transactions.delete(id);
            reply({ id, ok: false, error: cloneableError(error) });
          },
        );
        return;
      }
      case 'end': {
        const open = await transactions.get(request.tx)!;
        open.endId = id;
        open.end(request.commit);
        return;
      }
      case 'close':
        await pglite.close();
        return reply({ id, ok: true, value: null });
    }
  } catch (error) {
    opening?.failed(error);
    reply({ id, ok: false, error: cloneableError(error) });
  }
}

function beginning(txId: number) {
  const callbacks = {} as { opened: (open: OpenTransaction) => void; failed: (error: unknown) => void };
  const open = new Promise<OpenTransaction>((resolve, reject) => Object.assign(callbacks, { opened: resolve, failed: reject }));
  // A failed begin is answered on its own message; the statements queued behind it fail with the same error.
  open.catch(() => undefined);
  transactions.set(txId, open);
  return callbacks;
}

function settle(txId: number, open: OpenTransaction, error: unknown): void {
  transactions.delete(txId);
  reply(error === null ? { id: open.endId!, ok: true, value: null } : { id: open.endId!, ok: false, error: cloneableError(error) });
}

port.on('message', (request: RemoteRequest) => void handle(request));
