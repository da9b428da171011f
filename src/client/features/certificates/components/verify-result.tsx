import type { ReactNode } from 'react';
import { BadgeCheck, CircleDashed, SearchX, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { integritySummary } from '@/shared/integrity';
import type { VerifyResponse } from '@/shared/schemas/certificate';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { capitalize, formatDate, formatInteger } from '@/client/lib/format';
import { ProvenanceTimeline } from './provenance-timeline';

/** The answer of a verification: status, who retired the tonnes and why, the digest check and provenance. */
export function VerifyResult({ result }: { result: VerifyResponse }) {
  if (!result.found) {
    return (
      <Card className="flex items-start gap-3 p-5 sm:p-6" role="status">
        <SearchX className="mt-0.5 size-6 shrink-0 text-slate-500" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-slate-900">Nothing found</h2>
          <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">{result.message}</p>
        </div>
      </Card>
    );
  }
  const retired = result.status === 'retired';
  const certificate = result.certificate;
  return (
    <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
      <Card>
        <CardHeader className="flex-row items-start gap-3">
          {retired ? (
            <BadgeCheck className="size-8 shrink-0 text-emerald-700" aria-hidden="true" />
          ) : (
            <CircleDashed className="size-8 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <CardTitle as="h2" className="text-lg">
              {retired ? 'Retired' : result.status === 'unsold' ? 'Not sold yet' : `${capitalize(result.status ?? '')}, not retired`}
            </CardTitle>
            <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]" role="status">{result.message}</p>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {result.serial && <Row label="Serial number" mono>{result.serial}</Row>}
            {result.projectName && <Row label="Project">{result.projectName}</Row>}
            {certificate?.retiredByOrganisation ? (
              <>
                <Row label="Retired by">{certificate.retiredByOrganisation}</Row>
                {result.retiredBy && <Row label="On behalf of">{result.retiredBy}</Row>}
              </>
            ) : result.retiredBy && <Row label="Retired by">{result.retiredBy}</Row>}
            {result.retiredAt && <Row label="Retired on">{formatDate(result.retiredAt)}</Row>}
            {result.reason && <Row label="Reason" wide>{result.reason}</Row>}
            {certificate && (
              <>
                <Row label="Certificate" mono>
                  <Link href={`/certificates/${certificate.certificateId}`} className="text-emerald-800 underline underline-offset-2">
                    {certificate.certificateId}
                  </Link>
                </Row>
                <Row label="Tonnes on the certificate">{formatInteger(certificate.quantity)} t · {certificate.serialRange}</Row>
                {certificate.claim && (
                  <Row label="Claim" wide>
                    {certificate.claim.purposeLabel} · {certificate.claim.subdivision ?? certificate.claim.country} · {certificate.claim.periodStart} to {certificate.claim.periodEnd}
                  </Row>
                )}
                {certificate.integrity && <Row label="Labels at retirement" wide>{integritySummary(certificate.integrity)}</Row>}
                <Row label="SHA-256 digest" mono wide>{certificate.digest}</Row>
              </>
            )}
          </dl>
          {result.digestValid !== null && <DigestVerdict valid={result.digestValid} presented={result.digestPresented} />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Provenance</CardTitle>
        </CardHeader>
        <CardContent>
          <ProvenanceTimeline events={result.provenance} />
        </CardContent>
      </Card>
    </div>
  );
}

function DigestVerdict({ valid, presented }: { valid: boolean; presented: boolean }) {
  const text = valid
    ? presented
      ? 'Digest matches: the certificate you hold is exactly the one in the registry.'
      : 'Digest recomputed: the registry content and the ledger agree.'
    : presented
      ? 'Digest does NOT match: the certificate you hold differs from the registry, or the registry record was altered.'
      : 'Digest check failed: the certificate and the ledger disagree.';
  return (
    <p
      className={`mt-5 flex items-start gap-2 rounded-lg border p-3 text-sm ${valid ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-800'}`}
    >
      {valid ? <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
      {text}
    </p>
  );
}

function Row({ label, children, mono = false, wide = false }: { label: string; children: ReactNode; mono?: boolean; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={`mt-0.5 text-slate-900 [overflow-wrap:anywhere] ${mono ? 'font-mono text-xs' : 'font-medium'}`}>{children}</dd>
    </div>
  );
}
