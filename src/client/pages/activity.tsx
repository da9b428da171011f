import { ChevronLeft, ChevronRight, History, LogIn } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { LoadError, loadFailure } from '@/client/components/load-error';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ActivityFilters } from '@/client/features/activity/components/activity-filters';
import { ActivityList } from '@/client/features/activity/components/activity-list';
import { useActivity } from '@/client/features/activity/hooks/use-activity';
import { activityQueryString, readActivityParams, type ActivityParams } from '@/client/features/activity/lib/activity-params';
import { useProjects } from '@/client/features/marketplace/hooks/use-projects';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';
import { pluralize } from '@/client/lib/format';

/** `/activity`: every transaction of the user (purchases, trades, swaps, pool changes, retirements), filtered and paged. */
export function ActivityPage() {
  useDocumentTitle('Activity');
  const { user, isLoading } = useAuth();
  const signInHref = useSignInHref();
  const [location, navigate] = useLocation();
  const params = readActivityParams(useSearch());
  const activity = useActivity(params, user !== null);
  const projects = useProjects();
  const show = (next: ActivityParams) => {
    const query = activityQueryString(next);
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };
  if (isLoading) return <PageSkeleton />;
  const data = activity.data ?? null;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Activity" title="Your activity" description="Every purchase, trade, swap, pool change and retirement of your account." />
      {!user ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <History className="size-8 text-emerald-700" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">Sign in to see your activity</h2>
          <Button asChild>
            <a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a>
          </Button>
        </Card>
      ) : (
        <>
          <ActivityFilters params={params} onChange={show} projects={projects.data ?? []} />
          <section aria-labelledby="activity-heading" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">Transactions</h2>
              {data && (
                <p className="text-sm text-muted-foreground" data-testid="activity-count">
                  {data.total === 0 ? 'None' : `${pluralize(data.total, 'transaction')} · page ${data.page} of ${Math.max(data.pageCount, 1)}`}
                </p>
              )}
            </div>
            {activity.isLoading ? (
              <div className="space-y-2" aria-hidden="true">
                {Array.from({ length: 5 }, (_, index) => <Skeleton key={index} className="h-16 w-full rounded-xl" />)}
              </div>
            ) : activity.isError ? (
              <LoadError message="Your activity could not be loaded." failure={loadFailure(activity)!} />
            ) : (
              <ActivityList transactions={data?.items ?? []} />
            )}
            {data && data.pageCount > 1 && (
              <nav aria-label="Pages" className="flex items-center justify-between gap-2 pt-1">
                <Button variant="outline" disabled={params.page <= 1} onClick={() => show({ ...params, page: params.page - 1 })}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <span className="text-sm text-muted-foreground tabular">Page {data.page} of {data.pageCount}</span>
                <Button variant="outline" disabled={params.page >= data.pageCount} onClick={() => show({ ...params, page: params.page + 1 })}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            )}
          </section>
        </>
      )}
    </PageContainer>
  );
}
