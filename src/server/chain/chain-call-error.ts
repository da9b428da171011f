import { BaseError, ContractFunctionRevertedError, decodeErrorResult, isHex, type Abi, type Hex } from 'viem';

/** Messages of SPEC.md section 8; split and transfer are marketplace additions in the same style. */
export const CHAIN_ERROR_MESSAGES = {
  mint: 'Failed to mint carbon credit',
  retire: 'Failed to retire carbon credit',
  split: 'Failed to split carbon credit',
  transfer: 'Failed to transfer carbon credit',
  details: 'Failed to get credit details',
  notConnected: 'Contract not connected',
} as const;

/** A custom error decoded from a revert, e.g. `{ name: 'CarbonCreditAlreadyRetired', args: [7n] }`. */
export interface ContractRevert {
  name: string;
  args: readonly unknown[];
}

/**
 * A failed chain call. `message` is the user-facing SPEC text; `contractError` carries the decoded revert so a service
 * can map it (already retired → 409) without parsing strings; `cause` keeps the full viem error for logs.
 */
export class ChainCallError extends Error {
  readonly contractError: ContractRevert | null;

  constructor(message: string, options: { cause?: unknown; contractError?: ContractRevert | null } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ChainCallError';
    this.contractError = options.contractError ?? null;
  }
}

/** Finds the custom error inside any viem or JSON-RPC error chain, or null for other failures. */
export function contractRevertOf(error: unknown, abi: Abi): ContractRevert | null {
  if (!(error instanceof BaseError)) return revertFromData(dataOf(error), abi);
  const reverted = error.walk((inner) => inner instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
    return { name: reverted.data.errorName, args: reverted.data.args ?? [] };
  }
  const withData = error.walk((inner) => isHex(dataOf(inner)));
  return revertFromData(dataOf(withData), abi);
}

function dataOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const { data } = error as { data: unknown };
  return typeof data === 'object' && data !== null && 'data' in data ? (data as { data: unknown }).data : data;
}

function revertFromData(data: unknown, abi: Abi): ContractRevert | null {
  if (!isHex(data) || data.length < 10) return null;
  try {
    const decoded = decodeErrorResult({ abi, data: data as Hex });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return null;
  }
}

/** Wraps any failure of `task` in a ChainCallError with the given message and the decoded revert, if any. */
export async function withChainError<T>(message: string, abi: Abi, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    // A missing contract keeps its own SPEC message instead of the action's.
    if (error instanceof ChainCallError && (error.message === message || error.message === CHAIN_ERROR_MESSAGES.notConnected)) {
      throw error;
    }
    const inner = error instanceof ChainCallError ? error.contractError : contractRevertOf(error, abi);
    throw new ChainCallError(message, { cause: error, contractError: inner });
  }
}

/**
 * The message and what lay under it (a timeout, a refused nonce, a dropped connection), for log lines: a ChainCallError
 * carries only the user-facing text, and an operator needs the cause.
 */
export function failureDetail(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const text = current instanceof BaseError ? current.shortMessage : current.message;
    if (!parts.includes(text)) parts.push(text);
  }
  return parts.join(': ') || String(error);
}
