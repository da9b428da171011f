import { Compass, Home } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer } from '@/client/components/page-container';
import { Button } from '@/client/components/ui/button';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** Every path that is not a SPEC.md §2 route. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <PageContainer className="flex min-h-[60vh] items-center justify-center">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <Compass className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-emerald-700">Error 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link href="/">
              <Home aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/marketplace">Browse Marketplace</Link>
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}
