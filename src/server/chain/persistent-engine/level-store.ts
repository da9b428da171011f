import type { AbstractLevel } from 'abstract-level';
import { RLP } from '@ethereumjs/rlp';
import type { BatchDBOp, DB, DBObject, EncodingOpts } from '@ethereumjs/util';

/** A LevelDB (DATA_DIR) or in-memory level, keys and values as strings or bytes. */
export type Level = AbstractLevel<string | Uint8Array, string | Uint8Array, unknown>;

type Key = Uint8Array | string | number;
type Value = Uint8Array | string | DBObject;

const ENCODINGS: Record<string, string> = { string: 'utf8', view: 'view', json: 'json' };
const keyOf = (key: Key): string | Uint8Array => (typeof key === 'number' ? String(key) : key);
const keyEncodingOf = (key: string | Uint8Array) => (typeof key === 'string' ? 'utf8' : 'view');
const valueEncodingOf = (value: unknown, opts?: EncodingOpts) =>
  opts?.valueEncoding ? ENCODINGS[opts.valueEncoding] : value instanceof Uint8Array ? 'view' : typeof value === 'string' ? 'utf8' : 'json';

/**
 * Longest run of reads without a turn of the event loop. Executing a block reads thousands of trie nodes, nearly all
 * from memory (the cache, the block's pending writes), and those resolve as microtasks: a batch of 200 mints was one
 * stretch of ~350 ms on a loaded machine, and at nice 10 under heavier load such a stretch outlasted the watchdog's
 * 15 s stall timeout, which killed the chain process (the cluster test's chain node) as stalled.
 */
const READ_STRETCH_MS = 50;
let stretchStartedMs = performance.now();

async function turnOfTheEventLoopWhenDue(): Promise<void> {
  if (performance.now() - stretchStartedMs < READ_STRETCH_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  stretchStartedMs = performance.now();
}

/**
 * The key-value interface the @ethereumjs packages store through, over a level. `cacheEntries` > 0 keeps an LRU of
 * byte values, for content-addressed stores (a trie node never changes once written), so reads of hot nodes stay in
 * memory without the whole trie ever being held.
 */
export class LevelDB implements DB<Key, Value> {
  constructor(
    readonly level: Level,
    protected readonly cacheEntries = 0,
    protected readonly cache: Map<string | Uint8Array, Uint8Array> | undefined = cacheEntries > 0 ? new Map() : undefined,
  ) {}

  protected remember(key: string | Uint8Array, value: unknown): void {
    if (!this.cache || !(value instanceof Uint8Array)) return;
    this.cache.delete(key);
    this.cache.set(key, value);
    if (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
  }

  async open(): Promise<void> {
    await this.level.open();
  }

  async get(rawKey: Key, opts: EncodingOpts = {}): Promise<Value | undefined> {
    await turnOfTheEventLoopWhenDue();
    const key = keyOf(rawKey);
    const cached = this.cache?.get(key);
    if (cached) {
      this.remember(key, cached);
      return cached;
    }
    const value = (await this.level.get(key, {
      keyEncoding: keyEncodingOf(key), valueEncoding: ENCODINGS[opts.valueEncoding ?? 'view'] ?? 'view',
    } as never)) as Value | undefined;
    this.remember(key, value);
    return value ?? undefined;
  }

  async put(rawKey: Key, value: Value, opts: EncodingOpts = {}): Promise<void> {
    const key = keyOf(rawKey);
    this.remember(key, value);
    await this.level.put(key, value as never, { keyEncoding: keyEncodingOf(key), valueEncoding: valueEncodingOf(value, opts) } as never);
  }

  async del(rawKey: Key): Promise<void> {
    const key = keyOf(rawKey);
    this.cache?.delete(key);
    await this.level.del(key, { keyEncoding: keyEncodingOf(key) } as never);
  }

  async batch(ops: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of ops) if (op.type === 'put') this.remember(keyOf(op.key), op.value);
    await this.level.batch(
      ops.map((op) => {
        const key = keyOf(op.key);
        return op.type === 'put'
          ? { type: 'put', key, value: op.value, keyEncoding: keyEncodingOf(key), valueEncoding: valueEncodingOf(op.value, op.opts) }
          : { type: 'del', key, keyEncoding: keyEncodingOf(key) };
      }) as never,
    );
  }

  shallowCopy(): DB<Key, Value> {
    return new LevelDB(this.level, this.cacheEntries, this.cache);
  }
}

const EMPTY_TRIE_ROOT = '56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
type NodeKind = 'account' | 'storage' | 'code';
type Decoded = Uint8Array | Decoded[];

/**
 * The state's trie nodes. A block's writes stay in memory until it is built, then only the nodes reachable from its
 * state root are written, in one batch: the trie otherwise writes every intermediate version of every path node (each
 * insert of a 100-lot batch rewrites the storage trie's upper nodes). Nothing is ever deleted, so every block's state
 * root stays readable (eth_call at an old block, as certificates need).
 */
export class BufferedTrieDB extends LevelDB {
  constructor(
    level: Level,
    cacheEntries: number,
    cache?: Map<string | Uint8Array, Uint8Array>,
    private readonly pending: Map<string | Uint8Array, Value> = new Map(),
  ) {
    super(level, cacheEntries, cache ?? (cacheEntries > 0 ? new Map() : undefined));
  }

  override async get(rawKey: Key, opts?: EncodingOpts): Promise<Value | undefined> {
    const key = keyOf(rawKey);
    if (this.pending.has(key)) {
      await turnOfTheEventLoopWhenDue();
      return this.pending.get(key);
    }
    return super.get(key, opts);
  }

  override async put(rawKey: Key, value: Value): Promise<void> {
    this.pending.set(keyOf(rawKey), value);
    await turnOfTheEventLoopWhenDue();
  }

  override async del(): Promise<void> {
    // No pruning: old state roots stay readable.
  }

  override async batch(ops: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of ops) if (op.type === 'put') this.pending.set(keyOf(op.key), op.value);
  }

  override shallowCopy(): DB<Key, Value> {
    return new BufferedTrieDB(this.level, this.cacheEntries, this.cache, this.pending);
  }

  /** Writes the pending nodes reachable from `root` (account trie, storage tries, code) in one batch; drops the rest. */
  async persistReachable(root: Uint8Array): Promise<{ written: number; dropped: number }> {
    const ops: { type: 'put'; key: string; value: Uint8Array; keyEncoding: 'utf8'; valueEncoding: 'view' }[] = [];
    const stack: [string, NodeKind][] = [[hex(root), 'account']];
    while (stack.length > 0) {
      const [key, kind] = stack.pop()!;
      const value = this.pending.get(key);
      if (!(value instanceof Uint8Array)) continue; // on disk since an earlier block, or empty
      ops.push({ type: 'put', key, value, keyEncoding: 'utf8', valueEncoding: 'view' });
      this.remember(key, value);
      if (kind !== 'code') this.visit(RLP.decode(value) as Decoded[], kind, stack);
    }
    const dropped = this.pending.size - ops.length;
    this.pending.clear();
    await this.level.batch(ops as never);
    return { written: ops.length, dropped };
  }

  private visit(node: Decoded[], kind: NodeKind, stack: [string, NodeKind][]): void {
    const reference = (child: Decoded) => {
      if (child instanceof Uint8Array) {
        if (child.length === 32) stack.push([hex(child), kind]);
      } else if (child.length > 0) this.visit(child, kind, stack); // an embedded node
    };
    if (node.length === 17) {
      for (let i = 0; i < 16; i++) reference(node[i]);
      return;
    }
    const flag = (node[0] as Uint8Array)[0] >> 4;
    if (flag < 2) {
      reference(node[1]); // extension
      return;
    }
    if (kind === 'account') {
      const [, , storageRoot, codeHash] = RLP.decode(node[1] as Uint8Array) as Uint8Array[];
      if (hex(storageRoot) !== EMPTY_TRIE_ROOT) stack.push([hex(storageRoot), 'storage']);
      stack.push(['63' + hex(codeHash), 'code']);
    }
  }
}
