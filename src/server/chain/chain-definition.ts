import { defineChain, type Chain } from 'viem';
import { CHAIN_ID, CURRENCY_SYMBOL, NETWORK_NAME } from '@/shared/constants';

/** viem chain for the marketplace network (SPEC.md section 9), served at `rpcUrl`. */
export function marketplaceChain(rpcUrl: string, chainId: number = CHAIN_ID): Chain {
  return defineChain({
    id: chainId,
    name: NETWORK_NAME,
    nativeCurrency: { name: CURRENCY_SYMBOL, symbol: CURRENCY_SYMBOL, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
