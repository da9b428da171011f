import { Leaf } from 'lucide-react';
import type { Credit } from '@/shared/schemas/credit';
import { DASHBOARD_LIST_SIZE } from '@/shared/constants';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { LoadError, type LoadFailure } from '@/client/components/load-error';
import { capitalize, formatUsd, lineTotal, pluralize } from '@/client/lib/format';
import { EmptyList, ListSkeleton } from './list-states';

function statusVariant(status: Credit['status']) {
  if (status === 'active') return 'success' as const;
  if (status === 'retired') return 'destructive' as const;
  return 'secondary' as const;
}

/** SPEC.md §2: the first three holdings with token id, quantity, value (price × quantity) and status. */
export function RecentCreditsCard({ credits, loading, failure = null }: { credits: Credit[]; loading: boolean; failure?: LoadFailure | null }) {
  const shown = credits.slice(0, DASHBOARD_LIST_SIZE);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Credits</CardTitle>
        <CardDescription>Your latest carbon credit holdings</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ListSkeleton />
        ) : failure ? (
          <LoadError message="Your credits could not be loaded." failure={failure} />
        ) : shown.length === 0 ? (
          <EmptyList icon={<Leaf className="size-6" aria-hidden="true" />}>No credits owned yet</EmptyList>
        ) : (
          <ul className="divide-y divide-border">
            {shown.map((credit) => (
              <li key={credit.id} className="flex items-center gap-3 py-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                  <Leaf className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                    Credit #{credit.tokenId ?? credit.id}
                    {credit.tokenId === null && (
                      <span className="text-xs font-normal text-amber-700" title="The on-chain token is being minted">
                        pending
                      </span>
                    )}
                  </p>
                  {/* The project's name wraps rather than being cut ("Amazon Rai…" on a phone). */}
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="credit-project">
                    {pluralize(credit.quantity, 'credit')}
                    {credit.projectName ? ` · ${credit.projectName}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  {/* A retired holding can never be sold again: it has a certificate, not a value. */}
                  {credit.status !== 'retired' && <span className="font-semibold text-slate-900 tabular">{formatUsd(lineTotal(credit.purchasePrice, credit.quantity))}</span>}
                  <Badge variant={statusVariant(credit.status)}>{capitalize(credit.status)}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
