import { CHAIN_ID, CHAIN_ID_HEX, CURRENCY_SYMBOL, NETWORK_NAME, PRICE_UNIT_DECIMALS } from '@/shared/constants';
import { formatBalance } from './format-wallet';
import type { ConnectedWallet } from './wallet-types';

/** An EIP-1193 provider, as MetaMask injects it at `window.ethereum`. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The thrown messages of SPEC.md §8. */
export const METAMASK_NOT_DETECTED = 'MetaMask not detected';
export const FAILED_TO_CONNECT = 'Failed to connect to wallet';

/** Error code of wallet_switchEthereumChain when the wallet does not know the chain (EIP-3326). */
const UNRECOGNIZED_CHAIN = 4902;

/** This server's JSON-RPC endpoint, which wallets add as the network's RPC URL. */
export function rpcUrl(): string {
  return `${window.location.origin}/rpc`;
}

async function switchToMarketplaceChain(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: CHAIN_ID_HEX }] });
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNRECOGNIZED_CHAIN) throw error;
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{
        chainId: CHAIN_ID_HEX,
        chainName: NETWORK_NAME,
        nativeCurrency: { name: CURRENCY_SYMBOL, symbol: CURRENCY_SYMBOL, decimals: PRICE_UNIT_DECIMALS },
        rpcUrls: [rpcUrl()],
      }],
    });
  }
}

/**
 * Connects the browser wallet (SPEC.md §7): request accounts, switch to 0x13882 (adding the network with our /rpc
 * URL when the wallet does not know it), read the balance. Throws "MetaMask not detected" without a provider and
 * "Failed to connect to wallet" on any other failure.
 */
export async function connectBrowserWallet(provider: Eip1193Provider | undefined = window.ethereum): Promise<ConnectedWallet> {
  if (!provider) throw new Error(METAMASK_NOT_DETECTED);
  try {
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
    const address = accounts?.[0];
    if (!address) throw new Error('No account');
    const chainId = (await provider.request({ method: 'eth_chainId' })) as string;
    if (Number(chainId) !== CHAIN_ID) await switchToMarketplaceChain(provider);
    const balanceWei = (await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as string;
    return { address, type: 'MetaMask', network: NETWORK_NAME, balance: formatBalance(BigInt(balanceWei)), connected: true, chainId: CHAIN_ID };
  } catch (error) {
    throw new Error(FAILED_TO_CONNECT, { cause: error });
  }
}
