import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from './ui/button';

export interface LoadFailure {
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A section whose data failed to load says so, with a Retry that asks again — instead of looking empty ("No credits
 * yet") or asking the user to reload the whole page.
 */
export function LoadError({ message, failure }: { message: string; failure: LoadFailure }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-900">
      <p className="flex items-center gap-2">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={failure.onRetry} disabled={failure.retrying}>
        <RotateCw className={failure.retrying ? 'animate-spin' : undefined} aria-hidden="true" />
        {failure.retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** The Retry wiring of a TanStack query, or null while it has not failed. */
export function loadFailure(query: { isError: boolean; isFetching: boolean; refetch: () => unknown }): LoadFailure | null {
  return query.isError ? { onRetry: () => void query.refetch(), retrying: query.isFetching } : null;
}
