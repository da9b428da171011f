import { CheckCircle2, Loader2, QrCode, Wallet } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { CURRENCY_SYMBOL, NETWORK_NAME } from '@/shared/constants';
import { useWallet } from '@/client/features/wallet/hooks/use-wallet';
import { shortAddress } from '@/client/features/wallet/services/format-wallet';
import type { ConnectedWallet, WalletType } from '@/client/features/wallet/services/wallet-types';

export interface ConnectWalletDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const CHOICES: { type: WalletType; hint: string; icon: typeof Wallet }[] = [
  { type: 'MetaMask', hint: 'Browser extension; a simulated wallet if none is available', icon: Wallet },
  { type: 'WalletConnect', hint: 'Mobile wallets (simulated in this demo)', icon: QrCode },
];

/** SPEC.md §2 Connect Wallet dialog: MetaMask or WalletConnect, then the connected wallet with Disconnect and Close. */
export function ConnectWalletDialog({ open, onOpenChange }: ConnectWalletDialogProps) {
  const { wallet, connecting, connect, disconnect } = useWallet();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Connect Wallet</DialogTitle>
          <DialogDescription>
            {wallet ? `Your wallet is connected to the ${NETWORK_NAME}.` : `Choose a wallet to use on the ${NETWORK_NAME} (chain 80002).`}
          </DialogDescription>
        </DialogHeader>
        {wallet ? (
          <ConnectedView wallet={wallet} />
        ) : (
          <div className="grid gap-3">
            {CHOICES.map(({ type, hint, icon: Icon }) => (
              <Button
                key={type}
                variant="outline"
                className="h-auto justify-start gap-3 whitespace-normal px-4 py-3 text-left"
                disabled={connecting !== null}
                aria-describedby={`wallet-hint-${type}`}
                onClick={() => void connect(type)}
              >
                {connecting === type ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
                <span className="grid min-w-0">
                  <span className="font-semibold">{type}</span>
                  <span id={`wallet-hint-${type}`} className="text-xs font-normal text-muted-foreground">
                    {connecting === type ? 'Connecting...' : hint}
                  </span>
                </span>
              </Button>
            ))}
          </div>
        )}
        {wallet && (
          <DialogFooter>
            <Button variant="destructive" onClick={disconnect}>
              Disconnect Wallet
            </Button>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ConnectedView({ wallet }: { wallet: ConnectedWallet }) {
  const rows = [
    { label: 'Wallet', value: wallet.type },
    { label: 'Address', value: <span className="font-mono" title={wallet.address}>{shortAddress(wallet.address)}</span> },
    { label: 'Network', value: wallet.network },
    { label: 'Balance', value: `${wallet.balance} ${CURRENCY_SYMBOL}` },
  ];
  return (
    <div className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4">
      <p className="flex items-center gap-2 font-semibold text-emerald-800">
        <CheckCircle2 className="size-5" aria-hidden="true" /> Wallet Connected
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
