import { Wallet } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import type { DemoWallet } from '@/client/features/demos/services/simulated-chain-types';
import { shortenAddress } from '@/client/lib/shorten-hex';
import { BusyLabel } from './busy-label';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';

interface DemoWalletCardProps {
  wallet: DemoWallet | null;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}

/** Card 1: the simulated wallet every on-chain step needs. */
export function DemoWalletCard({ wallet, connecting, onConnect, onDisconnect }: DemoWalletCardProps) {
  return (
    <DemoCard
      icon={Wallet}
      title="Demo Wallet"
      description="A simulated wallet on the Polygon Amoy Testnet; no browser extension needed."
      aside={wallet ? <Badge variant="success">Connected</Badge> : <Badge variant="secondary">Not connected</Badge>}
    >
      {wallet ? (
        <>
          <DetailList
            details={[
              { label: 'Address', value: <span className="font-mono" title={wallet.address}>{shortenAddress(wallet.address)}</span> },
              { label: 'Network', value: wallet.network },
              { label: 'Chain ID', value: wallet.chainId },
            ]}
          />
          <Button variant="outline" className="mt-auto self-start" onClick={onDisconnect}>
            Disconnect
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Connecting takes a moment, as a real wallet would.</p>
          <Button className="mt-auto self-start" onClick={onConnect} disabled={connecting}>
            <BusyLabel busy={connecting} busyText="Connecting…" icon={<Wallet aria-hidden="true" />}>
              Connect Demo Wallet
            </BusyLabel>
          </Button>
        </>
      )}
    </DemoCard>
  );
}
