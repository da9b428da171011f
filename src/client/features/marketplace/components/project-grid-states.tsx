import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw, SearchX, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';

export function ProjectGridLoading() {
  return (
    <div role="status" aria-live="polite">
      <p className="mb-4 flex items-center gap-2 text-sm font-medium text-slate-700">
        <span className="size-2 animate-pulse rounded-full bg-emerald-600" aria-hidden="true" />
        Loading Marketplace
      </p>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} className="overflow-hidden" aria-hidden="true">
            <Skeleton className="aspect-video w-full rounded-none" />
            <div className="space-y-3 p-5">
              <div className="flex gap-2">
                <Skeleton className="h-5 w-24 rounded-full" />
                <Skeleton className="h-5 w-20 rounded-full" />
              </div>
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="mt-4 h-10 w-full" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}

function StateMessage({ icon, title, body, alert = false, action }: { icon: ReactNode; title: string; body: string; alert?: boolean; action?: ReactNode }) {
  return (
    <div
      role={alert ? 'alert' : 'status'}
      className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-white px-6 py-16 text-center"
    >
      {icon}
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{body}</p>
      </div>
      {action}
    </div>
  );
}

/** SPEC.md §8 load failure, with a Retry that asks again without reloading the page. */
export function ProjectGridError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StateMessage
      alert
      icon={<AlertTriangle className="size-10 text-red-600" aria-hidden="true" />}
      title="Failed to load marketplace"
      body="Please try refreshing the page"
      action={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      }
    />
  );
}

export function ProjectGridEmpty({ onClearFilters }: { onClearFilters?: () => void }) {
  return (
    <StateMessage
      icon={<SearchX className="size-10 text-slate-400" aria-hidden="true" />}
      title="No projects found"
      body="Try adjusting your search criteria"
      action={onClearFilters && (
        <Button variant="outline" onClick={onClearFilters}>
          <X aria-hidden="true" />
          Clear filters
        </Button>
      )}
    />
  );
}
