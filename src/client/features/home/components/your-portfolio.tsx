import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { UserStats } from '@/shared/schemas/stats';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatInteger, formatUsd } from '@/client/lib/format';

/** SPEC.md §2 Home: shown only once the user's stats have loaded. */
export function YourPortfolio({ stats }: { stats: UserStats }) {
  const figures = [
    { label: 'Owned Credits', value: formatInteger(stats.ownedCredits) },
    { label: 'Retired Credits', value: formatInteger(stats.retiredCredits) },
    { label: 'Portfolio Value', value: formatUsd(stats.portfolioValue) },
    { label: 'Active Orders', value: formatInteger(stats.activeOrders) },
  ];
  return (
    <section aria-labelledby="your-portfolio-heading">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle as="h2" id="your-portfolio-heading" className="text-lg">
              Your Portfolio
            </CardTitle>
            <p className="mt-1 text-sm text-muted-foreground">
              Demo cash balance <span className="font-semibold text-slate-900 tabular">{formatUsd(stats.cashBalance)}</span>
            </p>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard">
              Open dashboard
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-border bg-border lg:grid-cols-4">
            {figures.map(({ label, value }) => (
              <div key={label} className="bg-white p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="mt-1 truncate text-xl font-bold text-slate-900 tabular sm:text-2xl">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
