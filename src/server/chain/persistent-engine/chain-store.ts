import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { createBlockchain, type Blockchain } from '@ethereumjs/blockchain';
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { createMPT } from '@ethereumjs/mpt';
import { Caches, CacheType, MerkleStateManager } from '@ethereumjs/statemanager';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Account, ValueEncoding, createAddressFromString, type Address as EjsAddress } from '@ethereumjs/util';
import { buildBlock, createVM, type VM } from '@ethereumjs/vm';
import { BLOCK_GAS_LIMIT, embeddedCommon } from './chain-common';
import { BufferedTrieDB, LevelDB, type Level } from './level-store';
import { ReceiptStore, type RawLog, type StoredReceipt } from './receipt-store';

/**
 * Trie nodes kept in memory (an LRU; each is up to ~0.5 KB). Measured (docs/chain.md): 20,000–100,000 entries keep
 * the chain process at 340–475 MB whatever the history, and execution within 10% of an unbounded cache.
 */
const TRIE_NODE_CACHE = 50_000;
// Bounded: the state manager's default caches never evict, so they would grow with every slot ever written.
const STATE_CACHES = { account: { type: CacheType.LRU, size: 1_000 }, code: { type: CacheType.LRU, size: 100 }, storage: { type: CacheType.LRU, size: 20_000 } };

const GC_EVERY_BLOCKS = 50n;
// Recent blocks decoded (each decode recovers its sender again): receipts, logs and audits read the same few.
const BLOCK_CACHE = 256;

export interface ChainStoreOptions {
  /** Directory of the LevelDB stores; absent, everything lives in memory (tests, DATA_DIR=memory://). */
  directory?: string;
  /** Used only when the store is created: its genesis block's time and funded accounts. */
  genesisTimestamp: number;
  genesisBalances: Record<string, bigint>;
}

interface Genesis {
  timestamp: number;
  balances: Record<string, string>;
}

export interface MinedTransaction {
  block: Block;
  receipt: StoredReceipt;
}

async function openLevel(directory: string | undefined, name: string): Promise<Level> {
  let level: Level;
  if (directory) {
    const { ClassicLevel } = await import('classic-level');
    level = new ClassicLevel(path.join(directory, name)) as unknown as Level;
  } else {
    const { MemoryLevel } = await import('memory-level');
    level = new MemoryLevel() as unknown as Level;
  }
  await level.open();
  return level;
}

/**
 * The embedded chain's blocks, state and receipts, kept in LevelDB so that a restart opens them instead of
 * re-executing history. One transaction a block, each block written in order: state nodes, then the receipt, then
 * the block itself as the new head, so a crash at any point leaves the previous head whole.
 */
export class ChainStore {
  private readonly recentBlocks = new Map<bigint, Block>();
  /** The block whose state the reader VM points at: reads at the same old block keep its caches. */
  private readerBlock: Uint8Array | null = null;

  private constructor(
    readonly common: Common,
    readonly blockchain: Blockchain,
    readonly vm: VM,
    private readonly reader: VM,
    private readonly stateDb: BufferedTrieDB,
    readonly receipts: ReceiptStore,
    private readonly levels: Level[],
    public head: Block,
  ) {}

  static async open(options: ChainStoreOptions): Promise<ChainStore> {
    if (options.directory) mkdirSync(options.directory, { recursive: true });
    const [stateLevel, chainLevel, receiptsLevel] = await Promise.all(
      ['state', 'chain', 'receipts'].map((name) => openLevel(options.directory, name)),
    );
    const receipts = new ReceiptStore(receiptsLevel);
    // The genesis is fixed when the store is created; a reopened store keeps its own whatever the options say.
    let genesis = await receipts.getMeta<Genesis>('genesis');
    if (!genesis) {
      genesis = {
        timestamp: options.genesisTimestamp,
        balances: Object.fromEntries(Object.entries(options.genesisBalances).map(([address, wei]) => [address.toLowerCase(), `0x${wei.toString(16)}`])),
      };
      await receipts.putMeta('genesis', genesis);
    }
    const common = embeddedCommon(genesis.timestamp);
    const blockchain = await createBlockchain({
      db: new LevelDB(chainLevel) as never,
      common,
      genesisState: genesis.balances as never,
      // Several blocks may share a second (as hardhat.config.cjs allows EDR), which header validation would refuse.
      validateBlocks: false,
      validateConsensus: false,
    });
    const stateDb = new BufferedTrieDB(stateLevel, TRIE_NODE_CACHE);
    const trie = await createMPT({ common, db: stateDb as never, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes });
    const stateManager = new MerkleStateManager({ trie, common, caches: new Caches(STATE_CACHES) });
    const head = await blockchain.getCanonicalHeadBlock();
    if (head.header.number === 0n && !(await trie.checkRoot(head.header.stateRoot))) {
      // A new store (or one killed before its genesis state was written): the genesis state, as its header says.
      await stateManager.generateCanonicalGenesis(genesis.balances as never);
      await stateDb.persistReachable(head.header.stateRoot);
    }
    await stateManager.setStateRoot(head.header.stateRoot);
    const vm = await createVM({ common, stateManager, blockchain });
    const reader = await vm.shallowCopy();
    return new ChainStore(common, blockchain, vm, reader, stateDb, receipts, [stateLevel, chainLevel, receiptsLevel], head);
  }

  /**
   * Executes `tx` in a new block at `timestamp` and stores it. A transaction the chain refuses (nonce, funds) throws
   * and changes nothing; one that reverts is mined, as EDR does with throwOnTransactionFailures off.
   */
  async mine(tx: TypedTransaction, timestamp: number): Promise<MinedTransaction> {
    const parent = this.head;
    const builder = await buildBlock(this.vm, {
      parentBlock: parent,
      headerData: { timestamp: BigInt(timestamp), gasLimit: BLOCK_GAS_LIMIT },
      blockOpts: { putBlockIntoBlockchain: false },
    });
    let result;
    try {
      result = await builder.addTransaction(tx);
    } catch (error) {
      await builder.revert();
      throw error;
    }
    const { block } = await builder.build();
    // The block holds a copy of the transaction without the sender recovered while executing it: reading its receipt
    // (the sender does, at once) would recover it again, the costliest step of a one-operation block after the EVM.
    block.transactions[0].cache.senderPubKey ??= tx.getSenderPublicKey();
    await this.stateDb.persistReachable(block.header.stateRoot);
    const baseFee = block.header.baseFeePerGas ?? 0n;
    const receipt: StoredReceipt = {
      blockNumber: block.header.number,
      transactionIndex: 0,
      gasUsed: result.totalGasSpent,
      cumulativeGasUsed: result.receipt.cumulativeBlockGasUsed,
      status: 'status' in result.receipt && result.receipt.status === 1 ? 1 : 0,
      logs: result.receipt.logs as RawLog[],
      logsBloom: result.receipt.bitvector,
      contractAddress: result.createdAddress?.bytes ?? null,
      effectiveGasPrice: effectiveGasPrice(tx, baseFee),
    };
    await this.receipts.put(tx.hash(), receipt);
    await this.blockchain.putBlock(block);
    this.head = block;
    // The storage cache is an LRU of accounts, each with every slot it ever touched: the contract's alone would grow
    // with every token. The block is in the trie now; its hot nodes stay in the node cache.
    this.vm.stateManager.clearCaches();
    // Executing a long journal in one go, the chain process's heap (live: ~75 MB) grew to its old-space cap before V8
    // collected it (800+ MB resident at 4,600 blocks): collect every 50 blocks (the process has --expose-gc).
    if (block.header.number % GC_EVERY_BLOCKS === 0n) (globalThis as { gc?: () => void }).gc?.();
    return { block, receipt };
  }

  /** The canonical block `number`, or null past the head. */
  async blockByNumber(number: bigint): Promise<Block | null> {
    if (number > this.head.header.number || number < 0n) return null;
    if (number === this.head.header.number) return this.head;
    const cached = this.recentBlocks.get(number);
    if (cached) return cached;
    const block = await this.blockchain.getBlock(number);
    this.recentBlocks.set(number, block);
    if (this.recentBlocks.size > BLOCK_CACHE) this.recentBlocks.delete(this.recentBlocks.keys().next().value!);
    return block;
  }

  async blockByHash(hash: Uint8Array): Promise<Block | null> {
    try {
      const block = await this.blockchain.getBlock(hash);
      const canonical = await this.blockByNumber(block.header.number);
      return canonical && Buffer.from(canonical.hash()).equals(Buffer.from(hash)) ? block : null;
    } catch {
      return null;
    }
  }

  /** A transaction's receipt and canonical block, or null when no canonical block holds it. */
  async transaction(hash: Uint8Array): Promise<{ receipt: StoredReceipt; block: Block; tx: TypedTransaction } | null> {
    const receipt = await this.receipts.get(hash);
    if (!receipt) return null;
    const block = await this.blockByNumber(receipt.blockNumber);
    const tx = block?.transactions[receipt.transactionIndex];
    if (!block || !tx || !Buffer.from(tx.hash()).equals(Buffer.from(hash))) return null;
    return { receipt, block, tx };
  }

  /**
   * The VM to read the state after `block` with: the live one for the head (it also holds balances set since, as
   * EDR's pending state does), otherwise a second VM pointed at that block's state root.
   */
  async vmAt(block: Block | 'latest'): Promise<VM> {
    if (block === 'latest' || block.header.number === this.head.header.number) return this.vm;
    if (!this.readerBlock || !Buffer.from(this.readerBlock).equals(Buffer.from(block.hash()))) {
      await this.reader.stateManager.setStateRoot(block.header.stateRoot);
      this.readerBlock = block.hash();
    }
    return this.reader;
  }

  /** Sets a balance in the live state; it is stored with the next block (EDR's hardhat_setBalance). */
  async setBalance(address: EjsAddress | string, wei: bigint): Promise<void> {
    const target = typeof address === 'string' ? createAddressFromString(address) : address;
    const account = (await this.vm.stateManager.getAccount(target)) ?? new Account();
    account.balance = wei;
    await this.vm.stateManager.putAccount(target, account);
  }

  /**
   * Drops the blocks after `number` from the canonical chain (their state stays on disk, unreferenced): a block the
   * journal never recorded, because the process died between mining it and the web server's durable write.
   */
  async rollBackTo(number: bigint): Promise<void> {
    if (number >= this.head.header.number) return;
    await this.blockchain.resetCanonicalHead(number);
    this.recentBlocks.clear();
    this.head = await this.blockchain.getCanonicalHeadBlock();
    await this.vm.stateManager.setStateRoot(this.head.header.stateRoot);
  }

  async close(): Promise<void> {
    await Promise.all(this.levels.map((level) => level.close()));
  }
}

function effectiveGasPrice(tx: TypedTransaction, baseFee: bigint): bigint {
  if ('maxFeePerGas' in tx) {
    const fee = baseFee + (tx.maxPriorityFeePerGas < tx.maxFeePerGas - baseFee ? tx.maxPriorityFeePerGas : tx.maxFeePerGas - baseFee);
    return fee;
  }
  return (tx as { gasPrice: bigint }).gasPrice;
}
