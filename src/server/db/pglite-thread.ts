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
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; endId?: number }>();

const pglite = new PGlite(options.dataDir, options.startParams ? { startParams: options.startParams } : {});
const ready = pglite.waitReady.then(() => leanTypeParsers(pglite));

const reply = (message: RemoteReply) => port.postMessage(message);

async function handle(request: RemoteRequest): Promise<void> {
  const { id } = request;
  try {
    await ready;
    switch (request.op) {
      case 'ready':
        return reply({ id, ok: true, value: null });
      case 'query': {
        const target = request.tx === undefined ? pglite : transactions.get(request.tx)!.tx;
        return reply({ id, ok: true, value: await target.query(request.text, request.params, queryOptions(request.rawTypes, request.rowMode)) });
      }
      case 'exec': {
        const target = request.tx === undefined ? pglite : transactions.get(request.tx)!.tx;
        return reply({ id, ok: true, value: await target.exec(request.text, queryOptions(request.rawTypes, undefined)) });
      }
      case 'begin': {
        // PGlite's own transaction (its mutex keeps every other statement out) stays open until the main thread ends it.
        let begun = false;
        pglite.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            transactions.set(id, { tx, end });
            begun = true;
            reply({ id, ok: true, value: null });
          });
          if (!commit) throw ROLLBACK;
        }).then(
          () => settle(id, null),
          (error: unknown) => (begun ? settle(id, error === ROLLBACK ? null : error) : reply({ id, ok: false, error: cloneableError(error) })),
        );
        return;
      }
      case 'end': {
        const open = transactions.get(request.tx)!;
        open.endId = id;
        open.end(request.commit);
        return;
      }
      case 'close':
        await pglite.close();
        return reply({ id, ok: true, value: null });
    }
  } catch (error) {
    reply({ id, ok: false, error: cloneableError(error) });
  }
}

function settle(txId: number, error: unknown): void {
  const endId = transactions.get(txId)!.endId!;
  transactions.delete(txId);
  reply(error === null ? { id: endId, ok: true, value: null } : { id: endId, ok: false, error: cloneableError(error) });
}

port.on('message', (request: RemoteRequest) => void handle(request));
