import type { ReactNode } from 'react';
import { Award, PieChart, Wallet } from 'lucide-react';
import { roundHalfUp } from '@/domain/money';
import type { UserStats } from '@/shared/schemas/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Progress } from '@/client/components/ui/progress';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatInteger, formatUsd, formatUsdCents, toCents } from '@/client/lib/format';

interface PortfolioSummaryProps {
  stats: UserStats | null;
  /** The newest retirement's certificate id; null when the user has retired nothing. */
  lastCertificateId: string | null;
  loading: boolean;
}

/** SPEC.md §2 Portfolio cards: Total Holdings, Retired Credits and Diversification. */
export function PortfolioSummary({ stats, lastCertificateId, loading }: PortfolioSummaryProps) {
  const owned = stats?.ownedCredits ?? 0;
  const valueCents = toCents(stats?.portfolioValue) ?? 0n;
  // Avg. Price is the portfolio value per owned credit, rounded half-up to the cent.
  const averageCents = owned > 0 ? roundHalfUp(valueCents, BigInt(owned)) : 0n;
  const retired = stats?.retiredCredits ?? 0;
  const lastCertificate = lastCertificateId ?? 'None';
  // The tonnes still held (active or escrowed by an order) against the tonnes retired: a user's pooled tonnes are the pool's.
  const total = owned + retired;
  const activePercent = total === 0 ? 0 : Math.round((owned / total) * 100);
  const retiredPercent = total === 0 ? 0 : 100 - activePercent;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <SummaryCard title="Total Holdings" icon={<Wallet className="size-5" aria-hidden="true" />}>
        <BigFigure loading={loading} value={formatInteger(owned)} unit={owned === 1 ? 'credit' : 'credits'} />
        <Rows rows={[['Portfolio Value', formatUsd(stats?.portfolioValue)], ['Avg. Price', formatUsdCents(averageCents)]]} />
      </SummaryCard>
      <SummaryCard title="Retired Credits" icon={<Award className="size-5" aria-hidden="true" />}>
        <BigFigure loading={loading} value={formatInteger(retired)} unit="tons CO2 offset" />
        <Rows rows={[['This Year', formatInteger(retired)], ['Last Certificate', lastCertificate]]} />
      </SummaryCard>
      <SummaryCard title="Diversification" icon={<PieChart className="size-5" aria-hidden="true" />}>
        <div className="grid gap-4 pt-1">
          <Share label="Active" percent={activePercent} tonnes={owned} />
          <Share label="Retired" percent={retiredPercent} tonnes={retired} />
        </div>
      </SummaryCard>
    </div>
  );
}

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle as="h2">{title}</CardTitle>
        <span className="flex size-9 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">{icon}</span>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function BigFigure({ value, unit, loading }: { value: string; unit: string; loading: boolean }) {
  if (loading) return <Skeleton className="h-9 w-32" />;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-3xl font-bold tracking-tight text-slate-900 tabular">{value}</span>
      <span className="text-sm text-muted-foreground">{unit}</span>
    </p>
  );
}

function Rows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="mt-4 grid gap-2 border-t border-border pt-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-3">
          <dt className="shrink-0 text-muted-foreground">{label}</dt>
          <dd className="min-w-0 text-right font-medium text-slate-900 tabular [overflow-wrap:anywhere]">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Share({ label, percent, tonnes }: { label: string; percent: number; tonnes: number }) {
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-muted-foreground tabular">
          {percent}% · {formatInteger(tonnes)} t
        </span>
      </div>
      <Progress value={percent} aria-label={`${label} share of holdings`} className={label === 'Retired' ? '[&>div]:bg-amber-500' : undefined} />
    </div>
  );
}
