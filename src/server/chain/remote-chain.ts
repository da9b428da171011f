import { createPublicClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHAIN_ID } from '@/shared/constants';
import { createCarbonCreditChain, type CarbonCreditChain } from './carbon-credit';
import { CHAIN_ERROR_MESSAGES, ChainCallError } from './chain-call-error';
import { marketplaceChain } from './chain-definition';
import { loadCarbonCreditArtifact } from './contract-artifact';
import { deployCarbonCredit } from './deploy-carbon-credit';
import { createPublicRpc } from './public-rpc';
import { NODE_ANSWER_TIMEOUT_MS, RPC_LIMITS, TRUSTED_RPC_LIMITS } from './rpc-limits';
import { createTransactionSender, type ChainJournal } from './transaction-sender';

export interface RemoteChainOptions {
  /** CHAIN_RPC_URL: JSON-RPC endpoint of a node. */
  rpcUrl: string;
  /** CHAIN_PRIVATE_KEY: custody key, admin and minter of the contract; it pays gas. */
  privateKey: Hex;
  /** CHAIN_CONTRACT_ADDRESS: an existing deployment; when absent, a new one is deployed and logged. */
  contractAddress?: Address;
  /** Optional; a remote node keeps its own state, so this is only an audit trail there. */
  journal?: ChainJournal;
  pollingIntervalMs?: number;
  /** How long to wait for a receipt before a write fails (CHAIN_TIMEOUT_MS). */
  receiptTimeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * One attempt per call, as long as a node may take to answer. viem's default (10 s, then three retries) turned a busy
 * node's slow gas estimate into four: the node runs a call its client gave up on all the same, so each retry queued
 * the same work again behind it (the cluster test under load: an anchoring batch's estimate failed after 40 s). A
 * failed call is retried by its caller instead: the anchoring worker with back-off from what the database still owes,
 * a request by its client.
 */
const NODE_TRANSPORT = { retryCount: 0, timeout: NODE_ANSWER_TIMEOUT_MS };

/**
 * Connects to a remote EVM node through viem. The chain id is read from the node, so the same code signs for Amoy
 * (80002) or a local test node; a mismatch with 80002 is logged because wallets will be sent to 80002.
 */
export async function connectRemoteChain(options: RemoteChainOptions): Promise<CarbonCreditChain> {
  const log = options.log ?? (() => {});
  const probe = createPublicClient({ transport: http(options.rpcUrl, NODE_TRANSPORT) });
  const chainId = await probe.getChainId();
  if (chainId !== CHAIN_ID) log(`Chain at ${options.rpcUrl} has id ${chainId}, not ${CHAIN_ID}`);
  const client = createPublicClient({
    chain: marketplaceChain(options.rpcUrl, chainId),
    transport: http(options.rpcUrl, NODE_TRANSPORT),
    pollingInterval: options.pollingIntervalMs ?? 1000,
  });
  const account = privateKeyToAccount(options.privateKey);
  const sender = createTransactionSender({
    client,
    account,
    chainId,
    fees: async () => {
      const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
      return { maxFeePerGas, maxPriorityFeePerGas };
    },
    journal: options.journal,
    pollingIntervalMs: options.pollingIntervalMs,
    receiptTimeoutMs: options.receiptTimeoutMs,
  });

  let contractAddress = options.contractAddress;
  if (!contractAddress) {
    ({ contractAddress } = await deployCarbonCredit(sender, await loadCarbonCreditArtifact(), account.address));
    log(`Deployed CarbonCredit at ${contractAddress}; set CHAIN_CONTRACT_ADDRESS=${contractAddress} to reuse it`);
  } else {
    const code = await client.getCode({ address: contractAddress });
    if (!code || code === '0x') throw new ChainCallError(CHAIN_ERROR_MESSAGES.notConnected);
  }

  return createCarbonCreditChain({
    client,
    sender,
    chainId,
    contractAddress,
    custodyAddress: account.address,
    request: createPublicRpc((args) => client.request(args as never), TRUSTED_RPC_LIMITS),
    publicRequest: createPublicRpc((args) => client.request(args as never), RPC_LIMITS),
  });
}
