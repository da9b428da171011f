import { SearchX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { CertificateActions } from '@/client/features/certificates/components/certificate-actions';
import { CertificateCard } from '@/client/features/certificates/components/certificate-card';
import { verificationState } from '@/client/features/certificates/components/verification-badge';
import { useCertificate } from '@/client/features/certificates/hooks/use-certificate';
import { useDigestCheck } from '@/client/features/certificates/hooks/use-digest-check';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { ApiError, errorMessage } from '@/client/lib/api';

/** `/certificates/:id`: the public certificate, verified in the browser, with print and downloads. */
export function CertificatePage() {
  const { id = '' } = useParams<{ id: string }>();
  useDocumentTitle(`Certificate ${id}`);
  const certificate = useCertificate(id);
  const digest = useDigestCheck(certificate.data);
  const notFound = certificate.error instanceof ApiError && certificate.error.status === 404;
  return (
    <PageContainer className="max-w-5xl space-y-6">
      <PageHeader
        eyebrow="Verifiable retirement"
        title="Retirement Certificate"
        description="Anyone can open this page to check that these tonnes were retired, by whom and why."
      />
      {certificate.isLoading ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : certificate.data ? (
        <>
          <CertificateCard certificate={certificate.data} state={verificationState(certificate.data.verified, digest)} />
          <CertificateActions certificateId={certificate.data.certificateId} />
          <p className="text-xs text-muted-foreground">
            {digest === 'unavailable'
              ? 'This browser cannot recompute the digest here (it needs HTTPS); the registry has checked it.'
              : 'The SHA-256 digest is recomputed in your browser from the fields above and compared with the registry.'}
          </p>
        </>
      ) : (
        <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center" role="status">
          <SearchX className="size-10 text-slate-500" aria-hidden="true" />
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{notFound ? 'Certificate not found' : 'The certificate could not be loaded'}</h2>
            <p className="mt-1 max-w-md text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {notFound ? `No retirement certificate has the ID ${id}.` : errorMessage(certificate.error)}
            </p>
          </div>
          <Button asChild variant="outline">
            <Link href="/verify">Search by certificate ID or serial number</Link>
          </Button>
        </Card>
      )}
    </PageContainer>
  );
}
