import { useEffect, useState } from 'react';
import { Blocks, Satellite, Wallet } from 'lucide-react';
import { PlaceholderDialog } from '../../features/shell/components/placeholder-dialog';

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

/**
 * The three dialogs behind the navigation bar's buttons. Each is a placeholder until the satellite, blockchain
 * and wallet issues land; their components take the same `open` / `onOpenChange` props.
 */
export function ShellDialogs({ openDialog, onClose }: ShellDialogsProps) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <PlaceholderDialog
        open={openDialog === 'satellite'}
        onOpenChange={onOpenChange}
        icon={Satellite}
        title="Satellite MRV Demo"
        description="Generate a satellite monitoring, reporting and verification (MRV) report for any coordinates: forest cover, biomass, change detection and carbon impact. This demo is being prepared."
      />
      <PlaceholderDialog
        open={openDialog === 'blockchain'}
        onOpenChange={onOpenChange}
        icon={Blocks}
        title="Blockchain Demo"
        description="Connect a demo wallet, register a project on-chain, attach MRV data and mint carbon-credit NFTs on the Polygon Amoy test network. This demo is being prepared."
      />
      <PlaceholderDialog
        open={openDialog === 'wallet'}
        onOpenChange={onOpenChange}
        icon={Wallet}
        title="Connect Wallet"
        description="Connect MetaMask or WalletConnect to hold your credits on the Polygon Amoy Testnet. Wallet connection is being prepared; purchases use your demo cash balance meanwhile."
      />
    </>
  );
}
