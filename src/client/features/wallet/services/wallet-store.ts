import type { ConnectedWallet, WalletType } from './wallet-types';
import { WALLET_STORAGE_KEY } from './wallet-types';

export interface WalletState {
  wallet: ConnectedWallet | null;
  /** The choice being connected, while a connection is in progress. */
  connecting: WalletType | null;
}

/**
 * The app-wide wallet state (the dialog and the navigation bar share it). A connection is written to local storage
 * as `connected_wallet`; disconnecting returns to "not connected" without clearing that entry (SPEC.md §4).
 */
let state: WalletState = { wallet: null, connecting: null };
const listeners = new Set<() => void>();

function update(next: Partial<WalletState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const walletStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): WalletState => state,
  startConnecting: (type: WalletType) => update({ connecting: type }),
  stopConnecting: () => update({ connecting: null }),
  connected(wallet: ConnectedWallet): void {
    try {
      window.localStorage.setItem(WALLET_STORAGE_KEY, JSON.stringify(wallet));
    } catch {
      // Storage may be full or blocked (private mode); the session still knows the wallet.
    }
    update({ wallet, connecting: null });
  },
  disconnected: () => update({ wallet: null }),
};
