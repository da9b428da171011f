import { useLocation, useSearch } from 'wouter';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ChainStatusPanel } from '@/client/features/chain-status/components/chain-status-panel';
import { VerifyForm } from '@/client/features/certificates/components/verify-form';
import { VerifyResult } from '@/client/features/certificates/components/verify-result';
import { useVerify } from '@/client/features/certificates/hooks/use-verify';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { errorMessage } from '@/client/lib/api';

/** `/verify?query=…`: public verification of a certificate id or serial number; the URL can be shared. */
export function VerifyPage() {
  useDocumentTitle('Verify a Retirement');
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const query = params.get('query') ?? '';
  const digest = params.get('digest') ?? '';
  const result = useVerify(query, digest);
  return (
    <PageContainer className="max-w-5xl space-y-6">
      <PageHeader
        eyebrow="Public registry"
        title="Verify a Retirement"
        description="Enter a certificate ID or a serial number to see whether those tonnes are retired, by whom and why, and where they came from."
      />
      <Card className="p-5 sm:p-6">
        <VerifyForm
          key={`${query}|${digest}`}
          initialQuery={query}
          initialDigest={digest}
          onSubmit={(nextQuery, nextDigest) => {
            const search = new URLSearchParams({ query: nextQuery, ...(nextDigest ? { digest: nextDigest } : {}) });
            navigate(`/verify?${search}`);
          }}
        />
      </Card>
      {query && result.isLoading && <Skeleton className="h-64 w-full rounded-xl" />}
      {result.error && (
        <Card className="p-5 text-sm text-red-700" role="alert">
          {errorMessage(result.error)}
        </Card>
      )}
      {result.data && <VerifyResult result={result.data} />}
      <ChainStatusPanel />
    </PageContainer>
  );
}
