import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import type { ChainAuditResponse } from '@/shared/schemas/chain-audit';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import { useChainAudit } from '@/client/features/chain-status/hooks/use-chain-audit';

const LOOK = {
  anchored: { label: 'All anchored', icon: CheckCircle2, tone: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
  pending: { label: 'Anchoring in progress', icon: Clock, tone: 'border-amber-200 bg-amber-50 text-amber-800' },
  attention: { label: 'Needs attention', icon: AlertTriangle, tone: 'border-red-200 bg-red-50 text-red-700' },
} as const;

function ageText(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds < 120 ? ` (oldest ${seconds} s)` : ` (oldest ${Math.round(seconds / 60)} min)`;
}

function Figures({ audit }: { audit: ChainAuditResponse }) {
  const { holdings, certificates } = audit;
  const rows: [string, string][] = [
    ['Lots anchored', `${holdings.anchored}`],
    ['Lots pending', `${holdings.pending}${ageText(holdings.oldestPendingAgeSeconds)}`],
    ['Lots failed', `${holdings.failed}`],
    ['Certificates on chain', `${certificates.withTx} of ${certificates.withTx + certificates.withoutTx}`],
    ['Ledger↔chain mismatches', audit.sweep.state === 'never' ? 'not checked yet' : `${audit.mismatches.length}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Chain status": whether every lot has its token and every retirement its transaction, and whether the last full
 * ledger↔chain audit found any disagreement. Green only when all of it holds.
 */
export function ChainStatusPanel() {
  const audit = useChainAudit();
  if (audit.isError) return null;
  const look = audit.data ? LOOK[audit.data.status] : null;
  return (
    <Card className="p-5 sm:p-6">
      <section className="space-y-3" aria-labelledby="chain-status-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="chain-status-title" className="text-base font-semibold text-slate-900">Chain status</h2>
        {look && (
          <span role="status" className={cn('inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold', look.tone)}>
            <look.icon className="size-4" aria-hidden="true" />
            {look.label}
          </span>
        )}
      </div>
      {audit.data ? <Figures audit={audit.data} /> : <p className="text-sm text-slate-500">Reading the audit…</p>}
      <p className="text-xs text-slate-500">
        Every lot is a token on the chain; a retired lot&apos;s token is a record of its registry retirement and can no longer move.
      </p>
      </section>
    </Card>
  );
}
