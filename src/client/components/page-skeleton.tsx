import { PageContainer } from './page-container';
import { Skeleton } from './ui/skeleton';

/** Holds the layout while a lazily loaded screen arrives. */
export function PageSkeleton() {
  return (
    <PageContainer className="space-y-6">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-5 w-96 max-w-full" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </PageContainer>
  );
}
