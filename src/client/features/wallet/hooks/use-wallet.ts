import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '@/client/components/ui/use-toast';
import { shortAddress } from '@/client/features/wallet/services/format-wallet';
import { connectBrowserWallet } from '@/client/features/wallet/services/browser-wallet';
import { connectSimulatedWallet } from '@/client/features/wallet/services/simulated-wallet';
import { walletStore } from '@/client/features/wallet/services/wallet-store';
import type { ConnectedWallet, WalletType } from '@/client/features/wallet/services/wallet-types';

async function connectMetaMask(): Promise<ConnectedWallet> {
  try {
    const wallet = await connectBrowserWallet();
    toast({ variant: 'success', title: 'Real Wallet Connected', description: `MetaMask account ${shortAddress(wallet.address)} on ${wallet.network}.` });
    return wallet;
  } catch {
    // SPEC.md §4: any failure of the real wallet falls back to a simulated one.
    const wallet = await connectSimulatedWallet('MetaMask');
    toast({ variant: 'success', title: 'Mock Wallet Connected', description: `No usable browser wallet: simulated MetaMask account ${shortAddress(wallet.address)}.` });
    return wallet;
  }
}

async function connectWalletConnect(): Promise<ConnectedWallet> {
  const wallet = await connectSimulatedWallet('WalletConnect');
  toast({ variant: 'success', title: 'Wallet Connected', description: `WalletConnect account ${shortAddress(wallet.address)} on ${wallet.network}.` });
  return wallet;
}

const FAILURE_TEXT: Record<WalletType, string> = {
  MetaMask: 'Failed to connect to MetaMask. Please try again.',
  WalletConnect: 'Failed to connect via WalletConnect. Please try again.',
};

/** The wallet connection of SPEC.md §2/§4/§8: state shared app-wide, toasts for every outcome. */
export function useWallet() {
  const { wallet, connecting } = useSyncExternalStore(walletStore.subscribe, walletStore.snapshot);

  const connect = useCallback(async (type: WalletType) => {
    if (walletStore.snapshot().connecting) return;
    walletStore.startConnecting(type);
    try {
      walletStore.connected(type === 'MetaMask' ? await connectMetaMask() : await connectWalletConnect());
    } catch {
      walletStore.stopConnecting();
      toast({ variant: 'destructive', title: 'Connection Failed', description: FAILURE_TEXT[type] });
    }
  }, []);

  const disconnect = useCallback(() => {
    walletStore.disconnected();
    toast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  }, []);

  return { wallet, connecting, connect, disconnect };
}
