import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { StoredReceipt } from './receipt-store';

// JSON-RPC's quantities: hex without leading zeros.
export const quantity = (value: bigint | number): string => `0x${value.toString(16)}`;

/** A transaction as eth_getTransactionByHash answers it. */
export function formatTransaction(tx: TypedTransaction, block: Block, index: number): Record<string, unknown> {
  const json = tx.toJSON() as Record<string, unknown>;
  const baseFee = block.header.baseFeePerGas ?? 0n;
  const dynamic = 'maxFeePerGas' in tx;
  const gasPrice = dynamic
    ? baseFee + (tx.maxPriorityFeePerGas < tx.maxFeePerGas - baseFee ? tx.maxPriorityFeePerGas : tx.maxFeePerGas - baseFee)
    : (tx as { gasPrice: bigint }).gasPrice;
  return {
    ...json,
    type: quantity(tx.type),
    hash: bytesToHex(tx.hash()),
    from: tx.getSenderAddress().toString(),
    to: tx.to?.toString() ?? null,
    input: json.data,
    gas: json.gasLimit,
    gasPrice: quantity(gasPrice),
    ...(tx.type !== 0 ? { yParity: json.v } : {}),
    blockHash: bytesToHex(block.hash()),
    blockNumber: quantity(block.header.number),
    transactionIndex: quantity(index),
  };
}

/** A block as eth_getBlockByNumber answers it, with transaction hashes or whole transactions. */
export function formatBlock(block: Block, fullTransactions: boolean): Record<string, unknown> {
  const header = block.header.toJSON() as Record<string, unknown>;
  return {
    ...header,
    number: quantity(block.header.number),
    hash: bytesToHex(block.hash()),
    miner: header.coinbase,
    sha3Uncles: header.uncleHash,
    transactionsRoot: header.transactionsTrie,
    receiptsRoot: header.receiptTrie,
    logsBloom: header.logsBloom,
    totalDifficulty: '0x0',
    size: quantity(block.serialize().length),
    uncles: [],
    withdrawals: block.withdrawals?.map((withdrawal) => withdrawal.toJSON()) ?? [],
    transactions: block.transactions.map((tx, index) => (fullTransactions ? formatTransaction(tx, block, index) : bytesToHex(tx.hash()))),
  };
}

/** The logs of one transaction, as receipts and eth_getLogs answer them (one transaction a block: indexes match). */
export function formatLogs(receipt: StoredReceipt, block: Block, tx: TypedTransaction): Record<string, unknown>[] {
  const blockHash = bytesToHex(block.hash());
  const transactionHash = bytesToHex(tx.hash());
  return receipt.logs.map(([address, topics, data], logIndex) => ({
    address: bytesToHex(address),
    topics: topics.map(bytesToHex),
    data: bytesToHex(data),
    blockNumber: quantity(block.header.number),
    blockHash,
    transactionHash,
    transactionIndex: quantity(receipt.transactionIndex),
    logIndex: quantity(logIndex),
    removed: false,
  }));
}

export function formatReceipt(receipt: StoredReceipt, block: Block, tx: TypedTransaction): Record<string, unknown> {
  return {
    transactionHash: bytesToHex(tx.hash()),
    transactionIndex: quantity(receipt.transactionIndex),
    blockHash: bytesToHex(block.hash()),
    blockNumber: quantity(block.header.number),
    from: tx.getSenderAddress().toString(),
    to: tx.to?.toString() ?? null,
    cumulativeGasUsed: quantity(receipt.cumulativeGasUsed),
    gasUsed: quantity(receipt.gasUsed),
    effectiveGasPrice: quantity(receipt.effectiveGasPrice),
    contractAddress: receipt.contractAddress ? bytesToHex(receipt.contractAddress) : null,
    logs: formatLogs(receipt, block, tx),
    logsBloom: bytesToHex(receipt.logsBloom),
    status: quantity(receipt.status),
    type: quantity(tx.type),
  };
}
