import { useEffect, useState } from 'react';
import { LazyBlockchainDemoDialog, LazySatelliteDemoDialog } from '@/client/features/demos/components/lazy-demo-dialogs';
import { ConnectWalletDialog } from '@/client/features/wallet/components/connect-wallet-dialog';

export type ShellDialog = 'satellite' | 'blockchain' | 'wallet';

/** SPEC.md §2: the Satellite MRV modal also opens on this window event (the marketplace raises it). */
export const OPEN_SATELLITE_DEMO_EVENT = 'openSatelliteDemo';

/** Which of the navigation bar's dialogs is open; listens for `openSatelliteDemo`. */
export function useShellDialogs() {
  const [openDialog, setOpenDialog] = useState<ShellDialog | null>(null);
  useEffect(() => {
    const openSatellite = () => setOpenDialog('satellite');
    window.addEventListener(OPEN_SATELLITE_DEMO_EVENT, openSatellite);
    return () => window.removeEventListener(OPEN_SATELLITE_DEMO_EVENT, openSatellite);
  }, []);
  return { openDialog, open: setOpenDialog, close: () => setOpenDialog(null) };
}

interface ShellDialogsProps {
  openDialog: ShellDialog | null;
  onClose: () => void;
}

/** The three dialogs behind the navigation bar's buttons; each takes `open` / `onOpenChange`. */
export function ShellDialogs({ openDialog, onClose }: ShellDialogsProps) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <LazySatelliteDemoDialog open={openDialog === 'satellite'} onOpenChange={onOpenChange} />
      <LazyBlockchainDemoDialog open={openDialog === 'blockchain'} onOpenChange={onOpenChange} />
      <ConnectWalletDialog open={openDialog === 'wallet'} onOpenChange={onOpenChange} />
    </>
  );
}
