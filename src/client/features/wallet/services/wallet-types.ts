/** The two choices of the Connect Wallet dialog (SPEC.md §2). */
export type WalletType = 'MetaMask' | 'WalletConnect';

/** The `connected_wallet` entry in local storage (SPEC.md §3), also the dialog's connected state. */
export interface ConnectedWallet {
  address: string;
  type: WalletType;
  network: string;
  /** MATIC, 4 decimals, as text. */
  balance: string;
  connected: boolean;
  chainId: number;
}

export const WALLET_STORAGE_KEY = 'connected_wallet';
