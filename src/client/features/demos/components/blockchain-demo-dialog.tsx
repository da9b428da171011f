import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useBlockchainDemo } from '@/client/features/demos/hooks/use-blockchain-demo';
import { CreateProjectCard } from './create-project-card';
import { DemoModeNote } from './demo-mode-note';
import { DemoProgress } from './demo-progress';
import { DemoWalletCard } from './demo-wallet-card';
import { LatestTransactionCard } from './latest-transaction-card';
import { MintCreditsCard } from './mint-credits-card';
import { MrvDataCard } from './mrv-data-card';

interface BlockchainDemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC.md §2 Blockchain Demo modal: four cards (wallet, project, MRV data, mint) plus a summary. The state
 * lives in this always-mounted component, so closing the dialog mid-way and reopening it resumes the demo.
 */
export function BlockchainDemoDialog({ open, onOpenChange }: BlockchainDemoDialogProps) {
  const demo = useBlockchainDemo();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-5 bg-page p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Blockchain Demo</DialogTitle>
          <DialogDescription>
            Connect a demo wallet, register a project, attach satellite MRV data and mint carbon-credit NFTs on a simulated Polygon Amoy
            Testnet.
          </DialogDescription>
        </DialogHeader>
        <DemoModeNote />
        <DemoProgress
          steps={[
            { label: 'Connect wallet', done: demo.wallet !== null },
            { label: 'Create project', done: demo.project !== null },
            { label: 'Generate MRV', done: demo.mrvReport !== null },
            { label: 'Mint credits', done: demo.mintedTokenId !== null },
          ]}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <DemoWalletCard wallet={demo.wallet} connecting={demo.isPending('connect')} onConnect={demo.connect} onDisconnect={demo.disconnect} />
          <CreateProjectCard {...demo} creating={demo.isPending('create')} />
          <MrvDataCard report={demo.mrvReport} step={demo.mrvStep} generating={demo.isPending('mrv')} onGenerate={demo.generateMrv} />
          <MintCreditsCard {...demo} minting={demo.isPending('mint')} />
        </div>
        <LatestTransactionCard transaction={demo.latestTransaction} />
      </DialogContent>
    </Dialog>
  );
}
