import { Wallet } from 'lucide-react';
import { useWallet } from '@/client/features/wallet/hooks/use-wallet';
import { shortAddress } from '@/client/features/wallet/services/format-wallet';
import { Button } from '@/client/components/ui/button';

/** The bar's Wallet button: "Wallet" until a wallet is connected, then its short address (SPEC.md §2). */
export function WalletButton({ onClick, stacked = false }: { onClick: () => void; stacked?: boolean }) {
  const { wallet } = useWallet();
  const label = wallet ? shortAddress(wallet.address) : 'Wallet';
  return (
    <Button
      variant="outline"
      size={stacked ? 'default' : 'sm'}
      className={stacked ? 'justify-start' : wallet ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : undefined}
      onClick={onClick}
      title={wallet ? `Wallet connected: ${wallet.address}` : 'Connect wallet'}
      aria-label={wallet ? `Wallet ${label}` : 'Wallet'}
    >
      <Wallet aria-hidden="true" />
      <span className={wallet ? 'font-mono' : stacked ? undefined : 'sr-only min-[1400px]:not-sr-only'}>{label}</span>
    </Button>
  );
}
