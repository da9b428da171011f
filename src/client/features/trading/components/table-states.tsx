import type { ReactNode } from 'react';
import { Skeleton } from '@/client/components/ui/skeleton';

export function TableEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-border py-10 text-center text-sm text-muted-foreground">{children}</p>;
}

export function TableLoading() {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => <Skeleton key={index} className="h-8 w-full" />)}
    </div>
  );
}
