import { RLP } from '@ethereumjs/rlp';
import { bigIntToBytes, bytesToBigInt, bytesToInt, intToBytes } from '@ethereumjs/util';
import type { Level } from './level-store';

/** A log as the EVM gives it: address, topics, data. */
export type RawLog = [Uint8Array, Uint8Array[], Uint8Array];

/** What a transaction did, beside its block (the block body holds the transaction itself). */
export interface StoredReceipt {
  blockNumber: bigint;
  transactionIndex: number;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  status: 0 | 1;
  logs: RawLog[];
  logsBloom: Uint8Array;
  contractAddress: Uint8Array | null;
  effectiveGasPrice: bigint;
}

const META_PREFIX = 'meta:';

/**
 * Receipts by transaction hash, plus the store's own metadata (its genesis). A receipt is written before its block
 * becomes the head, so a crash in between leaves a receipt no canonical block holds: readers check the block.
 */
export class ReceiptStore {
  constructor(private readonly level: Level) {}

  async put(txHash: Uint8Array, receipt: StoredReceipt): Promise<void> {
    const value = RLP.encode([
      bigIntToBytes(receipt.blockNumber), intToBytes(receipt.transactionIndex), bigIntToBytes(receipt.gasUsed),
      bigIntToBytes(receipt.cumulativeGasUsed), intToBytes(receipt.status), receipt.logs, receipt.logsBloom,
      receipt.contractAddress ?? new Uint8Array(), bigIntToBytes(receipt.effectiveGasPrice),
    ]);
    await this.level.put(txHash, value, { keyEncoding: 'view', valueEncoding: 'view' } as never);
  }

  async get(txHash: Uint8Array): Promise<StoredReceipt | null> {
    const value = (await this.level.get(txHash, { keyEncoding: 'view', valueEncoding: 'view' } as never)) as Uint8Array | undefined;
    if (!value) return null;
    const [blockNumber, index, gasUsed, cumulative, status, logs, bloom, contract, price] = RLP.decode(value) as unknown as [
      Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, RawLog[], Uint8Array, Uint8Array, Uint8Array,
    ];
    return {
      blockNumber: bytesToBigInt(blockNumber),
      transactionIndex: bytesToInt(index),
      gasUsed: bytesToBigInt(gasUsed),
      cumulativeGasUsed: bytesToBigInt(cumulative),
      status: bytesToInt(status) === 1 ? 1 : 0,
      logs,
      logsBloom: bloom,
      contractAddress: contract.length > 0 ? contract : null,
      effectiveGasPrice: bytesToBigInt(price),
    };
  }

  /**
   * The block of each transaction's receipt (null where none), read in one batch and decoding only the block number:
   * the start checks every journaled transaction against the store, and decoding a batch's whole receipt (a log for
   * every lot) was most of that check's time.
   */
  async blockNumbers(txHashes: readonly Uint8Array[]): Promise<(bigint | null)[]> {
    const values = (await this.level.getMany(txHashes as Uint8Array[], { keyEncoding: 'view', valueEncoding: 'view' } as never)) as (Uint8Array | undefined)[];
    return values.map((value) => (value ? leadingBlockNumber(value) : null));
  }

  async getMeta<T>(name: string): Promise<T | undefined> {
    const value = (await this.level.get(META_PREFIX + name, { keyEncoding: 'utf8', valueEncoding: 'utf8' } as never)) as string | undefined;
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  async putMeta(name: string, value: unknown): Promise<void> {
    await this.level.put(META_PREFIX + name, JSON.stringify(value), { keyEncoding: 'utf8', valueEncoding: 'utf8' } as never);
  }
}

/** The first item of an encoded receipt (put's layout), the block number: at most 8 bytes, so a single RLP string. */
function leadingBlockNumber(encoded: Uint8Array): bigint {
  const listPrefix = encoded[0];
  const offset = listPrefix <= 0xf7 ? 1 : 1 + (listPrefix - 0xf7);
  const itemPrefix = encoded[offset];
  if (itemPrefix < 0x80) return BigInt(itemPrefix);
  return bytesToBigInt(encoded.subarray(offset + 1, offset + 1 + (itemPrefix - 0x80)));
}
