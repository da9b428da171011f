import { Receipt } from 'lucide-react';
import { NETWORK_NAME } from '@/shared/constants';
import type { DemoTransaction } from '@/client/features/demos/hooks/use-blockchain-demo';
import { DemoCard } from './demo-card';

/** Summary: the hash of the last simulated transaction (project creation or mint). */
export function LatestTransactionCard({ transaction }: { transaction: DemoTransaction | null }) {
  return (
    <DemoCard icon={Receipt} title="Latest Transaction">
      {transaction ? (
        <>
          <p className="text-sm font-medium text-slate-900">{transaction.action}</p>
          <div className="rounded-lg border border-border bg-slate-50 p-3">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Transaction Hash</p>
            <p className="mt-1 break-all font-mono text-xs text-slate-800">{transaction.hash}</p>
          </div>
          <p className="text-xs text-muted-foreground">Simulated on {NETWORK_NAME}; not broadcast.</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No transactions yet. Creating a project or minting credits records one here.</p>
      )}
    </DemoCard>
  );
}
