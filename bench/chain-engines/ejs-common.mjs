// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// Shared set-up for the @ethereumjs/vm 10.x candidate: LevelDB (classic-level) adapter, common (chain 80002, Cancun),
// opening the persistent chain (blocks via @ethereumjs/blockchain, state via MerklePatriciaTrie + MerkleStateManager,
// receipts and a tx-hash index in a third store).
import { ClassicLevel } from 'classic-level';
import { Mainnet, createCustomCommon, Hardfork } from '@ethereumjs/common';
import { createMPT } from '@ethereumjs/mpt';
import { MerkleStateManager, Caches, CacheType } from '@ethereumjs/statemanager';
import { createBlockchain } from '@ethereumjs/blockchain';
import { createVM } from '@ethereumjs/vm';
import { ValueEncoding, hexToBytes } from '@ethereumjs/util';
import { RLP } from '@ethereumjs/rlp';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ENC = { string: 'utf8', view: 'view', json: 'json' };
const keyEncOf = (key) => (typeof key === 'string' ? 'utf8' : 'view');
const normKey = (key) => (typeof key === 'number' ? String(key) : key);
const valEncOf = (value) => (value instanceof Uint8Array ? 'view' : typeof value === 'string' ? 'utf8' : 'json');

/** The DB interface of @ethereumjs/util over a classic-level store. */
export class LevelDB {
  /** `cacheEntries` > 0: an LRU of values by key, for content-addressed stores (trie nodes never change once written). */
  constructor(level, cacheEntries = 0, cache = cacheEntries > 0 ? new Map() : undefined) { this.level = level; this.cacheEntries = cacheEntries; this.cache = cache; }
  remember(key, value) {
    if (!this.cache || value === undefined) return;
    this.cache.delete(key);
    this.cache.set(key, value);
    if (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value);
  }
  async open() { await this.level.open(); }
  async get(key, opts = {}) {
    key = normKey(key);
    if (this.cache?.has(key)) { const v = this.cache.get(key); this.remember(key, v); return v; }
    if (process.env.EJS_COUNT) { const k = this.level.location.split('/').pop(); (globalThis.dbGets ??= {})[k] = (globalThis.dbGets[k] ?? 0) + 1; }
    const value = await this.level.get(key, { keyEncoding: keyEncOf(key), valueEncoding: ENC[opts.valueEncoding ?? 'view'] ?? 'view' });
    if (value instanceof Uint8Array) this.remember(key, value);
    return value;
  }
  async put(key, value, opts = {}) {
    key = normKey(key);
    if (value instanceof Uint8Array) this.remember(key, value);
    await this.level.put(key, value, { keyEncoding: keyEncOf(key), valueEncoding: opts.valueEncoding ? ENC[opts.valueEncoding] : valEncOf(value) });
  }
  async del(key) { key = normKey(key); this.cache?.delete(key); await this.level.del(key, { keyEncoding: keyEncOf(key) }); }
  async batch(ops) {
    if (this.cache) for (const op of ops) if (op.type === 'put' && op.value instanceof Uint8Array) this.remember(normKey(op.key), op.value);
    await this.level.batch(ops.map((op) => {
      const key = normKey(op.key);
      return op.type === 'put'
        ? { type: 'put', key, value: op.value, keyEncoding: keyEncOf(key), valueEncoding: op.opts?.valueEncoding ? ENC[op.opts.valueEncoding] : valEncOf(op.value) }
        : { type: 'del', key, keyEncoding: keyEncOf(key) };
    }));
  }
  shallowCopy() { return new LevelDB(this.level, this.cacheEntries, this.cache); }
}

const EMPTY_ROOT = '56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const hex = (b) => Buffer.from(b).toString('hex');

/**
 * Trie-node store that holds a block's writes in memory and, once the block is built, persists only the nodes
 * reachable from the new state root (MerklePatriciaTrie without pruning otherwise writes every intermediate version of
 * every path node: every insert of a 200-mint batch rewrites the storage trie's upper nodes). History stays complete:
 * every committed root's nodes are kept.
 */
export class BufferedTrieDB extends LevelDB {
  constructor(level, cacheEntries, cache, pending = new Map()) { super(level, cacheEntries, cache); this.pending = pending; }
  async get(key, opts) {
    key = normKey(key);
    if (this.pending.has(key)) return this.pending.get(key);
    return super.get(key, opts);
  }
  async put(key, value) { this.pending.set(normKey(key), value); }
  async del() { /* no pruning: nothing is ever deleted */ }
  async batch(ops) { for (const op of ops) if (op.type === 'put') this.pending.set(normKey(op.key), op.value); }
  shallowCopy() { return new BufferedTrieDB(this.level, this.cacheEntries, this.cache, this.pending); }
  /** Writes the pending nodes reachable from `root` (account trie, storage tries, code) in one batch; drops the rest. */
  async persistReachable(root) {
    const ops = [];
    const stack = [[hex(root), 'account']];
    while (stack.length > 0) {
      const [key, kind] = stack.pop();
      const value = this.pending.get(key);
      if (value === undefined) continue; // already on disk from an earlier block (or empty)
      ops.push({ type: 'put', key, value, keyEncoding: 'utf8', valueEncoding: 'view' });
      this.remember(key, value);
      if (kind === 'code') continue;
      this.visit(RLP.decode(value), kind, stack);
    }
    const dropped = this.pending.size - ops.length;
    this.pending.clear();
    await this.level.batch(ops);
    return { written: ops.length, dropped };
  }
  visit(node, kind, stack) {
    const ref = (child) => {
      if (child instanceof Uint8Array) { if (child.length === 32) stack.push([hex(child), kind]); }
      else if (Array.isArray(child) && child.length > 0) this.visit(child, kind, stack); // embedded node
    };
    if (node.length === 17) { for (let i = 0; i < 16; i++) ref(node[i]); return; }
    const flag = node[0][0] >> 4;
    if (flag < 2) { ref(node[1]); return; } // extension
    if (kind === 'account') {
      const [, , storageRoot, codeHash] = RLP.decode(node[1]);
      if (hex(storageRoot) !== EMPTY_ROOT) stack.push([hex(storageRoot), 'storage']);
      stack.push(['63' + hex(codeHash), 'code']);
    }
  }
}

export const T0 = 1_750_000_000;
export const CUSTODY = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export function makeCommon() {
  return createCustomCommon(
    {
      chainId: 80002, name: 'carbon-embedded',
      // Every fork up to Cancun from genesis (Hardhat's `hardfork: 'cancun'`), none after.
      hardforks: Mainnet.hardforks
        .slice(0, Mainnet.hardforks.findIndex((hf) => hf.name === 'cancun') + 1)
        .filter((hf) => hf.name !== 'mergeNetsplitBlock')
        .map((hf) => (hf.name === 'shanghai' || hf.name === 'cancun' ? { name: hf.name, block: null, timestamp: 0 } : { name: hf.name, block: 0 })),
      genesis: { gasLimit: 2_000_000_000, difficulty: 0, nonce: '0x0000000000000000', extraData: '0x', timestamp: `0x${(T0 - 60).toString(16)}`, baseFeePerGas: 0, excessBlobGas: 0 },
    },
    Mainnet,
    { hardfork: Hardfork.Cancun },
  );
}

/**
 * Opens (creating when empty) the chain under `dir`. `cacheSize` is the trie node LRU size (entries). Returns the
 * pieces plus `latestStateRoot` helpers; the genesis holds the custody balance.
 */
export async function openChain(dir, { cacheSize = 0, validateBlocks = true } = {}) {
  const common = makeCommon();
  const stateLevel = new ClassicLevel(path.join(dir, 'state'));
  const chainLevel = new ClassicLevel(path.join(dir, 'chain'));
  const receiptsLevel = new ClassicLevel(path.join(dir, 'receipts'), { keyEncoding: 'view', valueEncoding: 'view' });
  await Promise.all([stateLevel.open(), chainLevel.open(), receiptsLevel.open()]);
  const genesisState = { [CUSTODY]: '0xd3c21bcecceda1000000' }; // 1e24 wei
  const blockchain = await createBlockchain({ db: new LevelDB(chainLevel), common, genesisState, validateBlocks, validateConsensus: false });
  const nodeCache = Number(process.env.EJS_NODE_CACHE ?? 100_000);
  const stateDb = process.env.EJS_BUFFERED === '0' ? new LevelDB(stateLevel, nodeCache) : new BufferedTrieDB(stateLevel, nodeCache);
  const trie = await createMPT({ db: stateDb, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, cacheSize });
  const stateManager = new MerkleStateManager({ trie, common, caches: process.env.EJS_CACHES === '0' ? undefined
  // Bounded: the default ORDERED_MAP caches never evict, so they grow with every slot ever written.
  : new Caches({ account: { type: CacheType.LRU, size: 1000 }, code: { type: CacheType.LRU, size: 100 }, storage: { type: CacheType.LRU, size: 20000 } }) });
  const head = await blockchain.getCanonicalHeadBlock();
  if (head.header.number === 0n && !(await trie.checkRoot(head.header.stateRoot))) {
    // Fresh database: write the genesis state so that the trie root equals the genesis header's.
    await stateManager.generateCanonicalGenesis(genesisState);
    await stateDb.persistReachable?.(head.header.stateRoot);
  }
  await stateManager.setStateRoot(head.header.stateRoot);
  const vm = await createVM({ common, stateManager, blockchain });
  return {
    common, blockchain, stateManager, vm, receiptsLevel, head, stateDb,
    async close() { await Promise.all([stateLevel.close(), chainLevel.close(), receiptsLevel.close()]); },
  };
}

export function dirSizeMB(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const st = statSync(path.join(dir, String(entry)));
    if (st.isFile()) total += st.size;
  }
  return total / 1048576;
}

export const rssMB = () => Math.round(process.memoryUsage().rss / 1048576);
export { hexToBytes };
