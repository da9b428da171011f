import { decodeAuditAnchor, encodeAuditAnchor } from '@/domain/audit/audit-anchor';
import type { AuditHead } from '@/domain/audit/audit-chain';
import { encodeFunctionData, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { carbonCreditAbi } from './carbon-credit-abi';
import { CHAIN_ERROR_MESSAGES as MESSAGES, ChainCallError, withChainError } from './chain-call-error';
import { createdTokenIds } from './created-token-ids';
import { toOnChainCredit, type OnChainCredit } from './on-chain-credit';
import type { Eip1193RequestFn } from './public-rpc';
import type { TransactionKind, TransactionSender } from './transaction-sender';

export type { OnChainCredit } from './on-chain-credit';

export interface MintCreditInput {
  /** Receiver; defaults to the custody address (the marketplace holds tokens for its users). */
  to?: Address;
  projectName: string;
  projectId: string;
  verificationBody: string;
  vintageYear: number;
  mrvDataUrl: string;
  gpsLocation: string;
  quantityTonnes: number;
  tokenUri: string;
}

/** One split of a batch: `quantityTonnes` of `tokenId` into a new lot whose metadata URI is `tokenUri`. */
export interface SplitCreditInput {
  tokenId: number;
  quantityTonnes: number;
  tokenUri: string;
}

export interface ChainTransactionStatus {
  found: boolean;
  blockNumber: bigint | null;
  status: 'success' | 'reverted' | null;
}

/**
 * What services need from the chain. Writes resolve once mined; failures throw ChainCallError with the SPEC message
 * and, when the contract reverted, the decoded custom error in `contractError`.
 */
export interface CarbonCreditChain {
  readonly chainId: number;
  readonly contractAddress: Address;
  /** The platform account: minter, deployer and holder of custodial tokens. */
  readonly custodyAddress: Address;
  mint(input: MintCreditInput): Promise<{ tokenId: number; txHash: Hex }>;
  retire(tokenId: number, reason: string): Promise<{ txHash: Hex }>;
  split(tokenId: number, quantityTonnes: number, to?: Address): Promise<{ newTokenId: number; txHash: Hex }>;
  /** Several mints in one transaction (to the custody address); token ids in input order. */
  mintBatch(inputs: readonly MintCreditInput[]): Promise<{ tokenIds: number[]; txHash: Hex }>;
  /** Several splits in one transaction (new lots to the custody address), applied in order. */
  splitBatch(inputs: readonly SplitCreditInput[]): Promise<{ newTokenIds: number[]; txHash: Hex }>;
  /** Several retirements in one transaction. */
  retireBatch(inputs: readonly { tokenId: number; reason: string }[]): Promise<{ txHash: Hex }>;
  /** Custodial settlement: moves a custody-held token to `to` (a user's own wallet). */
  transfer(tokenId: number, to: Address): Promise<{ txHash: Hex }>;
  getCreditDetails(tokenId: number): Promise<OnChainCredit>;
  ownerOf(tokenId: number): Promise<Address>;
  /** Number of tokens ever created; 0n when the read fails (SPEC.md section 8). */
  totalSupply(): Promise<bigint>;
  getTransaction(txHash: Hex): Promise<ChainTransactionStatus>;
  /** Puts the audit log's head on chain (a custody self-transaction carrying it); resolves once mined. */
  anchorAuditHead(head: AuditHead): Promise<{ txHash: Hex; blockNumber: number }>;
  /**
   * An empty custody self-transaction; once it is mined every custody nonce before it is spent, so nothing a deposed
   * anchoring leader signed earlier can be mined after it (ops/anchoring-intents.ts).
   */
  fence(): Promise<{ txHash: Hex }>;
  /** The audit head a transaction carries, and its block; null when the chain has no such transaction or it carries none. */
  readAuditAnchor(txHash: Hex): Promise<{ head: AuditHead; blockNumber: number } | null>;
  /**
   * EIP-1193 entry point for the server's own reads (audit, reconciliation, lookups) and the chain node's app
   * instances: the read methods, with the limits of a trusted caller (TRUSTED_RPC_LIMITS).
   */
  request: Eip1193RequestFn;
  /** The same reads within the public gateway's bounds (RPC_LIMITS): what /rpc serves to anyone. */
  publicRequest: Eip1193RequestFn;
  close(): Promise<void>;
}

export interface CarbonCreditChainParts {
  client: PublicClient;
  sender: TransactionSender;
  chainId: number;
  contractAddress: Address;
  custodyAddress: Address;
  request: Eip1193RequestFn;
  publicRequest: Eip1193RequestFn;
  onClose?: () => Promise<void> | void;
  /** Reads of the latest state wait for this (a journal replaying in the background). */
  ready?: Promise<void>;
}

/** The contract's RECORD_URI_PREFIX: a lot whose URI is this prefix and a record id stores only the id. */
export const RECORD_URI_PREFIX = 'urn:carbonledger:holding:';
const RECORD_URI = /^urn:carbonledger:holding:([1-9][0-9]{0,11})$/;
const MAX_RECORD_ID = 2n ** 40n - 1n;

/** A record URI travels as its id (one packed slot on chain instead of a string); any other URI as it is. */
function recordOf(tokenUri: string): { recordId: bigint; tokenUri: string } {
  const match = RECORD_URI.exec(tokenUri);
  const recordId = match ? BigInt(match[1]) : 0n;
  return recordId > 0n && recordId <= MAX_RECORD_ID ? { recordId, tokenUri: '' } : { recordId: 0n, tokenUri };
}

/** Record ids by request, and the batch's URI list: empty when every lot is a record (the common, compact case). */
function recordsOf(tokenUris: readonly string[]): { recordIds: bigint[]; tokenUris: string[] } {
  const records = tokenUris.map(recordOf);
  const allRecords = records.every((record) => record.recordId > 0n);
  return { recordIds: records.map((record) => record.recordId), tokenUris: allRecords ? [] : records.map((record) => record.tokenUri) };
}

/** A batch's distinct provenances (each stored once on chain) and its lots, each naming its provenance by index. */
function mintBatchArgs(inputs: readonly MintCreditInput[]) {
  const { recordIds, tokenUris } = recordsOf(inputs.map((input) => input.tokenUri));
  const indexes = new Map<string, number>();
  const provenances: { projectName: string; projectId: string; verificationBody: string; vintageYear: bigint; mrvDataUrl: string; gpsLocation: string }[] = [];
  const requests = inputs.map((input, i) => {
    const provenance = {
      projectName: input.projectName,
      projectId: input.projectId,
      verificationBody: input.verificationBody,
      vintageYear: BigInt(input.vintageYear),
      mrvDataUrl: input.mrvDataUrl,
      gpsLocation: input.gpsLocation,
    };
    const key = JSON.stringify([input.projectName, input.projectId, input.verificationBody, input.vintageYear, input.mrvDataUrl, input.gpsLocation]);
    let index = indexes.get(key);
    if (index === undefined) {
      index = provenances.push(provenance) - 1;
      indexes.set(key, index);
    }
    return { provenance: BigInt(index), quantity: BigInt(input.quantityTonnes), recordId: recordIds[i] };
  });
  return { provenances, requests, tokenUris };
}

/** Builds the adapter over a viem client and a transaction sender; embedded and remote chains differ only in those. */
export function createCarbonCreditChain(parts: CarbonCreditChainParts): CarbonCreditChain {
  const { client, sender, contractAddress: address, custodyAddress } = parts;
  let connected = true;

  function requireConnected(): void {
    if (!connected) throw new ChainCallError(MESSAGES.notConnected);
  }

  async function readable(): Promise<void> {
    requireConnected();
    await parts.ready;
  }

  async function write(kind: TransactionKind, data: Hex, items = 1): Promise<{ txHash: Hex; receipt: TransactionReceipt }> {
    requireConnected();
    const sent = await sender.send(kind, { to: address, data, items });
    if (sent.receipt.status !== 'success') throw new Error(`Transaction ${sent.txHash} reverted`);
    return sent;
  }

  // The id comes from the event, not a simulation, so concurrent writers can never be handed each other's token.
  function createdTokenId(receipt: TransactionReceipt, eventName: 'CreditMinted' | 'CreditSplit'): number {
    const [tokenId] = createdTokenIds(receipt.logs);
    if (tokenId === undefined) throw new Error(`${eventName} missing from ${receipt.transactionHash}`);
    return tokenId;
  }

  function createdTokensOf(receipt: TransactionReceipt, expected: number): number[] {
    const tokenIds = createdTokenIds(receipt.logs);
    if (tokenIds.length !== expected) throw new Error(`${receipt.transactionHash} created ${tokenIds.length} tokens, not ${expected}`);
    return tokenIds;
  }

  return {
    chainId: parts.chainId,
    contractAddress: address,
    custodyAddress,

    mint: (input) =>
      withChainError(MESSAGES.mint, carbonCreditAbi, async () => {
        const data = encodeFunctionData({
          abi: carbonCreditAbi,
          functionName: 'mintCarbonCredit',
          args: [
            input.to ?? custodyAddress,
            input.projectName,
            input.projectId,
            input.verificationBody,
            BigInt(input.vintageYear),
            input.mrvDataUrl,
            input.gpsLocation,
            BigInt(input.quantityTonnes),
            input.tokenUri,
          ],
        });
        const { txHash, receipt } = await write('mint', data);
        return { tokenId: createdTokenId(receipt, 'CreditMinted'), txHash };
      }),

    mintBatch: (inputs) =>
      withChainError(MESSAGES.mint, carbonCreditAbi, async () => {
        const { provenances, requests, tokenUris } = mintBatchArgs(inputs);
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'mintCarbonCreditBatch', args: [custodyAddress, provenances, requests, tokenUris] });
        const { txHash, receipt } = await write('mint', data, inputs.length);
        return { tokenIds: createdTokensOf(receipt, inputs.length), txHash };
      }),

    splitBatch: (inputs) =>
      withChainError(MESSAGES.split, carbonCreditAbi, async () => {
        const { recordIds, tokenUris } = recordsOf(inputs.map((input) => input.tokenUri));
        const requests = inputs.map((input, i) => ({ tokenId: BigInt(input.tokenId), quantity: BigInt(input.quantityTonnes), recordId: recordIds[i] }));
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'splitCreditBatch', args: [custodyAddress, requests, tokenUris] });
        const { txHash, receipt } = await write('split', data, inputs.length);
        return { newTokenIds: createdTokensOf(receipt, inputs.length), txHash };
      }),

    retireBatch: (inputs) =>
      withChainError(MESSAGES.retire, carbonCreditAbi, async () => {
        const args = [inputs.map((input) => BigInt(input.tokenId)), inputs.map((input) => input.reason)] as const;
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'retireCreditBatch', args });
        const { txHash } = await write('retire', data, inputs.length);
        return { txHash };
      }),

    retire: (tokenId, reason) =>
      withChainError(MESSAGES.retire, carbonCreditAbi, async () => {
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'retireCredit', args: [BigInt(tokenId), reason] });
        const { txHash } = await write('retire', data);
        return { txHash };
      }),

    split: (tokenId, quantityTonnes, to) =>
      withChainError(MESSAGES.split, carbonCreditAbi, async () => {
        const args = [BigInt(tokenId), BigInt(quantityTonnes), to ?? custodyAddress] as const;
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'splitCredit', args });
        const { txHash, receipt } = await write('split', data);
        return { newTokenId: createdTokenId(receipt, 'CreditSplit'), txHash };
      }),

    transfer: (tokenId, to) =>
      withChainError(MESSAGES.transfer, carbonCreditAbi, async () => {
        const args = [custodyAddress, to, BigInt(tokenId)] as const;
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'safeTransferFrom', args });
        const { txHash } = await write('transfer', data);
        return { txHash };
      }),

    getCreditDetails: (tokenId) =>
      withChainError(MESSAGES.details, carbonCreditAbi, async () => {
        await readable();
        const details = await client.readContract({ address, abi: carbonCreditAbi, functionName: 'getCreditDetails', args: [BigInt(tokenId)] });
        return toOnChainCredit(details);
      }),

    ownerOf: (tokenId) =>
      withChainError(MESSAGES.details, carbonCreditAbi, async () => {
        await readable();
        return client.readContract({ address, abi: carbonCreditAbi, functionName: 'ownerOf', args: [BigInt(tokenId)] });
      }),

    async totalSupply() {
      try {
        await readable();
        return await client.readContract({ address, abi: carbonCreditAbi, functionName: 'totalSupply' });
      } catch {
        return 0n;
      }
    },

    async getTransaction(txHash) {
      requireConnected();
      // Through the entry point /rpc uses: during a restart a journaled transaction answers as soon as the replay has
      // re-executed it (oldest first), so a certificate's link does not wait for the whole history.
      const receipt = (await parts.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { blockNumber: Hex; status: Hex } | null;
      if (!receipt) return { found: false, blockNumber: null, status: null };
      return { found: true, blockNumber: BigInt(receipt.blockNumber), status: receipt.status === '0x1' ? 'success' : 'reverted' };
    },

    async anchorAuditHead(head) {
      requireConnected();
      const sent = await sender.send('audit-anchor', { to: custodyAddress, data: encodeAuditAnchor(head) });
      if (sent.receipt.status !== 'success') throw new Error(`Transaction ${sent.txHash} reverted`);
      return { txHash: sent.txHash, blockNumber: Number(sent.receipt.blockNumber) };
    },

    async fence() {
      requireConnected();
      return { txHash: (await sender.send('fence', { to: custodyAddress, data: '0x' })).txHash };
    },

    async readAuditAnchor(txHash) {
      requireConnected();
      const found = (await parts.request({ method: 'eth_getTransactionByHash', params: [txHash] })) as { input: Hex; blockNumber: Hex | null; from: Hex } | null;
      if (!found?.blockNumber || found.from.toLowerCase() !== custodyAddress.toLowerCase()) return null;
      const head = decodeAuditAnchor(found.input);
      return head && { head, blockNumber: Number(BigInt(found.blockNumber)) };
    },

    async request(args) {
      requireConnected();
      return parts.request(args);
    },

    async publicRequest(args) {
      requireConnected();
      return parts.publicRequest(args);
    },

    async close() {
      if (!connected) return;
      connected = false;
      await parts.onClose?.();
    },
  };
}
