import type { Block } from '@ethereumjs/block';
import { createTxFromRLP } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, createZeroAddress, type Address, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import { CHAIN_ID } from '@/shared/constants';
import { INVALID_PARAMS, JsonRpcError, METHOD_NOT_FOUND, type Eip1193Request } from '@/server/chain/public-rpc';
import { BLOCK_GAS_LIMIT } from './chain-common';
import type { ChainStore } from './chain-store';
import { formatBlock, formatLogs, formatReceipt, formatTransaction, quantity } from './json-rpc-format';

/** What hardhat.config.cjs's network answers for fees: gas is free, a wallet's tip of 1 gwei is what EDR suggests. */
const SUGGESTED_TIP_WEI = 1_000_000_000n;
// EDR's code for a refused transaction or a failed read (viem maps it to its own errors by message).
const SERVER_ERROR = -32000;
const CLIENT_VERSION = 'CarbonLedger persistent engine (@ethereumjs/vm 10, LevelDB)';

type Handler = (params: unknown[]) => Promise<unknown>;

interface CallArgs {
  from?: string;
  to?: string | null;
  data?: string;
  input?: string;
  gas?: string;
  value?: string;
}

const asHex = (value: unknown, what: string): `0x${string}` => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) throw new JsonRpcError(INVALID_PARAMS, `${what} must be a hex string`);
  return value as `0x${string}`;
};
const addressOf = (value: unknown): Address => {
  const hex = asHex(value, 'address');
  if (hex.length !== 42) throw new JsonRpcError(INVALID_PARAMS, 'address must be 20 bytes');
  return createAddressFromString(hex);
};

/**
 * The JSON-RPC methods of the persistent engine: what the app, viem's clients and the public gateway's allowlist use,
 * plus EDR's evm_setNextBlockTimestamp and hardhat_setBalance, which the server sends. One request at a time (the
 * caller serialises), so reads never see a block half built.
 */
export function jsonRpcMethods(store: ChainStore): (args: Eip1193Request) => Promise<unknown> {
  let nextTimestamp: number | null = null;

  async function blockOf(tag: unknown): Promise<Block> {
    const head = store.head;
    if (tag === undefined || tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized') return head;
    if (tag === 'earliest') return (await store.blockByNumber(0n))!;
    if (typeof tag === 'object' && tag !== null) {
      const { blockNumber, blockHash } = tag as { blockNumber?: unknown; blockHash?: unknown };
      if (blockHash !== undefined) {
        const block = await store.blockByHash(hexToBytes(asHex(blockHash, 'blockHash')));
        if (!block) throw new JsonRpcError(SERVER_ERROR, `Block ${String(blockHash)} not found`);
        return block;
      }
      return blockOf(blockNumber);
    }
    const number = BigInt(asHex(tag, 'block'));
    const block = await store.blockByNumber(number);
    if (!block) throw new JsonRpcError(INVALID_PARAMS, `Received invalid block tag ${number}. Latest block number is ${head.header.number}`);
    return block;
  }

  async function blockOrNull(tag: unknown): Promise<Block | null> {
    try {
      return await blockOf(tag);
    } catch {
      return null;
    }
  }

  /** Runs a call on the state after `block` and undoes whatever it wrote. */
  async function run(args: CallArgs, tag: unknown) {
    const block = await blockOf(tag);
    const vm: VM = await store.vmAt(block);
    const data = args.input ?? args.data;
    await vm.evm.journal.checkpoint();
    try {
      const result = await vm.evm.runCall({
        caller: args.from ? addressOf(args.from) : createZeroAddress(),
        to: args.to ? addressOf(args.to) : undefined,
        data: data ? hexToBytes(asHex(data, 'data')) : undefined,
        value: args.value ? BigInt(asHex(args.value, 'value')) : 0n,
        gasLimit: args.gas ? BigInt(asHex(args.gas, 'gas')) : BLOCK_GAS_LIMIT,
        block,
        skipBalance: true,
      });
      const { exceptionError, returnValue } = result.execResult;
      if (exceptionError) {
        if (exceptionError.error === 'revert') throw new JsonRpcError(3, 'execution reverted', bytesToHex(returnValue));
        throw new JsonRpcError(SERVER_ERROR, `execution failed: ${exceptionError.error}`);
      }
      return { result, data };
    } finally {
      await vm.evm.journal.revert();
    }
  }

  async function transactionByHash(hash: unknown) {
    return store.transaction(hexToBytes(asHex(hash, 'transaction hash')));
  }

  async function logs(filter: Record<string, unknown>): Promise<unknown[]> {
    const blocks: Block[] = [];
    if (filter.blockHash !== undefined) {
      blocks.push(await blockOf({ blockHash: filter.blockHash }));
    } else {
      const from = (await blockOf(filter.fromBlock ?? 'latest')).header.number;
      const to = (await blockOf(filter.toBlock ?? 'latest')).header.number;
      for (let n = from; n <= to; n++) blocks.push((await store.blockByNumber(n))!);
    }
    const addresses = filter.address === undefined || filter.address === null ? null : (Array.isArray(filter.address) ? filter.address : [filter.address]).map((a) => String(a).toLowerCase());
    const topics = Array.isArray(filter.topics) ? (filter.topics as unknown[]) : [];
    const matches: unknown[] = [];
    for (const block of blocks) {
      for (const tx of block.transactions) {
        const found = await store.transaction(tx.hash());
        if (!found) continue;
        for (const log of formatLogs(found.receipt, block, tx) as { address: string; topics: string[] }[]) {
          if (addresses && !addresses.includes(log.address)) continue;
          const topicsMatch = topics.every((wanted, i) => {
            if (wanted === null || wanted === undefined) return true;
            const options = (Array.isArray(wanted) ? wanted : [wanted]).map((t) => String(t).toLowerCase());
            return log.topics[i] !== undefined && options.includes(log.topics[i]);
          });
          if (topicsMatch) matches.push(log);
        }
      }
    }
    return matches;
  }

  const handlers: Record<string, Handler> = {
    web3_clientVersion: async () => CLIENT_VERSION,
    net_version: async () => String(CHAIN_ID),
    net_listening: async () => true,
    eth_chainId: async () => quantity(CHAIN_ID),
    eth_syncing: async () => false,
    eth_accounts: async () => [],
    eth_blockNumber: async () => quantity(store.head.header.number),
    eth_gasPrice: async () => quantity((store.head.header.baseFeePerGas ?? 0n) + SUGGESTED_TIP_WEI),
    eth_maxPriorityFeePerGas: async () => quantity(SUGGESTED_TIP_WEI),
    eth_feeHistory: async ([count, newest, percentiles]) => {
      const last = (await blockOf(newest)).header.number;
      const first = (() => {
        const n = last - BigInt(asHex(typeof count === 'number' ? quantity(count) : count, 'blockCount')) + 1n;
        return n < 0n ? 0n : n;
      })();
      const baseFees: string[] = [];
      const ratios: number[] = [];
      for (let n = first; n <= last; n++) {
        const header = (await store.blockByNumber(n))!.header;
        baseFees.push(quantity(header.baseFeePerGas ?? 0n));
        ratios.push(Number(header.gasUsed) / Number(header.gasLimit));
      }
      baseFees.push(quantity(store.head.header.calcNextBaseFee()));
      const wanted = Array.isArray(percentiles) ? percentiles : [];
      return {
        oldestBlock: quantity(first),
        baseFeePerGas: baseFees,
        gasUsedRatio: ratios,
        ...(wanted.length > 0 ? { reward: ratios.map(() => wanted.map(() => '0x0')) } : {}),
      };
    },
    eth_getBalance: async ([address, tag]) => {
      const vm = await store.vmAt(await blockOf(tag));
      return quantity((await vm.stateManager.getAccount(addressOf(address)))?.balance ?? 0n);
    },
    eth_getTransactionCount: async ([address, tag]) => {
      const vm = await store.vmAt(await blockOf(tag));
      return quantity((await vm.stateManager.getAccount(addressOf(address)))?.nonce ?? 0n);
    },
    eth_getCode: async ([address, tag]) => {
      const vm = await store.vmAt(await blockOf(tag));
      return bytesToHex(await vm.stateManager.getCode(addressOf(address)));
    },
    eth_getStorageAt: async ([address, slot, tag]) => {
      const vm = await store.vmAt(await blockOf(tag));
      const key = setLengthLeft(hexToBytes(quantityBytes(asHex(slot, 'slot'))), 32);
      const value = await vm.stateManager.getStorage(addressOf(address), key);
      return bytesToHex(setLengthLeft(value, 32));
    },
    eth_call: async ([args, tag]) => bytesToHex((await run((args ?? {}) as CallArgs, tag)).result.execResult.returnValue),
    eth_estimateGas: async ([args, tag]) => {
      const call = (args ?? {}) as CallArgs;
      const { result, data } = await run(call, tag);
      // The call's own gas plus what the transaction pays before it runs (EIP-2028 calldata, EIP-3860 init code).
      const bytes = data ? hexToBytes(data as `0x${string}`) : new Uint8Array();
      let intrinsic = 21_000n + bytes.reduce((sum, byte) => sum + (byte === 0 ? 4n : 16n), 0n);
      if (!call.to) intrinsic += 32_000n + 2n * BigInt(Math.ceil(bytes.length / 32));
      // Headroom for the 63/64 rule of nested calls and refunds counted after the fact; unused gas costs nothing.
      return quantity(((intrinsic + result.execResult.executionGasUsed) * 110n) / 100n);
    },
    eth_getBlockByNumber: async ([tag, full]) => {
      const block = await blockOrNull(tag);
      return block ? formatBlock(block, full === true) : null;
    },
    eth_getBlockByHash: async ([hash, full]) => {
      const block = await store.blockByHash(hexToBytes(asHex(hash, 'block hash')));
      return block ? formatBlock(block, full === true) : null;
    },
    eth_getBlockTransactionCountByNumber: async ([tag]) => {
      const block = await blockOrNull(tag);
      return block ? quantity(block.transactions.length) : null;
    },
    eth_getBlockTransactionCountByHash: async ([hash]) => {
      const block = await store.blockByHash(hexToBytes(asHex(hash, 'block hash')));
      return block ? quantity(block.transactions.length) : null;
    },
    eth_getTransactionByHash: async ([hash]) => {
      const found = await transactionByHash(hash);
      return found ? formatTransaction(found.tx, found.block, found.receipt.transactionIndex) : null;
    },
    eth_getTransactionByBlockNumberAndIndex: async ([tag, index]) => {
      const block = await blockOrNull(tag);
      const i = Number(BigInt(asHex(index, 'index')));
      return block?.transactions[i] ? formatTransaction(block.transactions[i], block, i) : null;
    },
    eth_getTransactionByBlockHashAndIndex: async ([hash, index]) => {
      const block = await store.blockByHash(hexToBytes(asHex(hash, 'block hash')));
      const i = Number(BigInt(asHex(index, 'index')));
      return block?.transactions[i] ? formatTransaction(block.transactions[i], block, i) : null;
    },
    eth_getTransactionReceipt: async ([hash]) => {
      const found = await transactionByHash(hash);
      return found ? formatReceipt(found.receipt, found.block, found.tx) : null;
    },
    eth_getLogs: async ([filter]) => logs((filter ?? {}) as Record<string, unknown>),
    eth_sendRawTransaction: async ([raw]) => {
      let tx;
      try {
        tx = createTxFromRLP(hexToBytes(asHex(raw, 'raw transaction')), { common: store.common });
      } catch (error) {
        throw new JsonRpcError(INVALID_PARAMS, `Invalid transaction: ${(error as Error).message}`);
      }
      const head = store.head.header.timestamp;
      const timestamp = nextTimestamp ?? Math.max(Math.floor(Date.now() / 1000), Number(head));
      try {
        await store.mine(tx, timestamp);
      } catch (error) {
        throw new JsonRpcError(SERVER_ERROR, (error as Error).message);
      }
      nextTimestamp = null;
      return bytesToHex(tx.hash());
    },
    evm_setNextBlockTimestamp: async ([time]) => {
      const seconds = Number(typeof time === 'number' ? time : BigInt(asHex(time, 'timestamp')));
      if (seconds < Number(store.head.header.timestamp)) {
        throw new JsonRpcError(INVALID_PARAMS, `Timestamp ${seconds} is lower than the previous block's timestamp ${store.head.header.timestamp}`);
      }
      nextTimestamp = seconds;
      return null;
    },
    hardhat_setBalance: async ([address, wei]) => {
      await store.setBalance(addressOf(address), BigInt(asHex(wei, 'balance')));
      return true;
    },
  };

  return async ({ method, params }) => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler) throw new JsonRpcError(METHOD_NOT_FOUND, `Method ${method} is not supported`);
    return handler(Array.isArray(params) ? params : params === undefined ? [] : [params]);
  };
}

// A storage slot may come as a short quantity ("0x0"): pad it to whole bytes before widening to 32.
function quantityBytes(hex: `0x${string}`): `0x${string}` {
  return hex.length % 2 === 0 ? hex : `0x0${hex.slice(2)}`;
}
