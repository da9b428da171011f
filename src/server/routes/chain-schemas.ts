import { z } from 'zod';
import { idParam } from '@/shared/schemas/common';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** GET /api/chain/info: what a wallet needs to add the network, and where the contract is. */
export const chainInfo = z.object({
  enabled: z.boolean(),
  mode: z.enum(['embedded', 'remote']).nullable(),
  chainId: z.number(),
  chainIdHex: z.string(),
  networkName: z.string(),
  currency: z.string(),
  /** Absolute URL of this server's JSON-RPC endpoint (wallet_addEthereumChain rpcUrls). */
  rpcUrl: z.string(),
  contractAddress: address.nullable(),
  custodyAddress: address.nullable(),
  anchoring: z.object({
    state: z.enum(['idle', 'anchoring', 'backing-off', 'stopped']),
    anchoredTransactions: z.number(),
    lastError: z.string().nullable(),
  }).nullable(),
});

export const tokenIdParams = z.object({
  tokenId: idParam,
});

/** GET /api/chain/credits/:tokenId: the contract's getCreditDetails (SPEC.md §3) plus the current holder. */
export const onChainCredit = z.object({
  tokenId: z.number(),
  chainId: z.number(),
  contractAddress: address,
  owner: address,
  projectName: z.string(),
  projectId: z.string(),
  verificationBody: z.string(),
  vintageYear: z.number(),
  mrvDataUrl: z.string(),
  gpsLocation: z.string(),
  quantity: z.number(),
  isRetired: z.boolean(),
  originalIssuer: address,
  issuanceDate: z.string(),
  retirementReason: z.string(),
  retiredAt: z.string().nullable(),
  rootTokenId: z.number(),
});

export const txHashParams = z.object({
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'hash must be a 0x-prefixed 32-byte transaction hash' }),
});

/** GET /api/chain/tx/:hash: whether the transaction is on the chain, in which block, and how it ended. */
export const chainTransaction = z.object({
  hash: z.string(),
  chainId: z.number(),
  found: z.boolean(),
  blockNumber: z.number().nullable(),
  status: z.enum(['success', 'reverted']).nullable(),
});

/** One JSON-RPC 2.0 answer: `result` or `error` beside these. */
const jsonRpcAnswer = z.looseObject({ jsonrpc: z.string().describe('"2.0"'), id: z.union([z.string(), z.number(), z.null()]) });
const rpcError = z.object({ message: z.string() });

/** POST /rpc for the document: any JSON in, a JSON-RPC answer (or a batch's array of them) out. */
export const rpcRouteSchema = {
  tags: ['chain'],
  summary: 'JSON-RPC of the chain (public methods)',
  description: 'A JSON-RPC 2.0 request or a batch (an array) of them; only public read methods pass. Errors of a call are JSON-RPC errors in a 200 answer.',
  body: z.unknown(),
  response: {
    200: z.union([jsonRpcAnswer, z.array(jsonRpcAnswer)]).describe('The JSON-RPC answer, or an array of answers for a batch'),
    400: rpcError.describe('Malformed JSON'),
    413: rpcError.describe('The request body is larger than 64 KiB'),
    415: rpcError.describe('The request body is not application/json'),
    429: rpcError.describe('Too many requests from this client this minute'),
  },
};

/** OPTIONS /rpc: the CORS preflight of a wallet on another origin. */
export const rpcPreflightSchema = {
  tags: ['chain'],
  summary: 'CORS preflight of /rpc',
  response: { 204: z.undefined().describe('Allowed: any origin may POST JSON') },
};
