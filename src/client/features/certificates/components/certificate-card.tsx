import type { ReactNode } from 'react';
import { Leaf } from 'lucide-react';
import type { Certificate } from '@/shared/schemas/certificate';
import { IntegrityBadges } from '@/client/components/integrity/integrity-badges';
import { Card } from '@/client/components/ui/card';
import { formatInteger } from '@/client/lib/format';
import { certificateQrUrl } from '@/client/features/certificates/lib/certificate-files';
import { VerificationBadge, type verificationState } from './verification-badge';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The certificate as a document on screen: every field, the digest and a QR code linking to this page. */
export function CertificateCard({ certificate, state }: { certificate: Certificate; state: ReturnType<typeof verificationState> }) {
  return (
    <Card className="overflow-hidden border-2 border-emerald-700/80">
      <div className="flex flex-wrap items-center justify-between gap-3 bg-emerald-800 px-5 py-4 text-white sm:px-8">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.18em]">
          <Leaf className="size-4" aria-hidden="true" />
          Retirement Certificate
        </p>
        <VerificationBadge state={state} className="border-white/40 bg-white" />
      </div>
      <div className="grid gap-8 p-5 sm:p-8 lg:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <p className="text-4xl font-bold tracking-tight text-slate-900 tabular sm:text-5xl">
            {formatInteger(certificate.quantity)} <span className="text-xl font-semibold text-slate-500 sm:text-2xl">tonnes CO₂e</span>
          </p>
          <p className="mt-2 text-base text-slate-700 [overflow-wrap:anywhere]">
            permanently retired
            {certificate.retiredByOrganisation && <> by <strong className="text-slate-900">{certificate.retiredByOrganisation}</strong></>}
            {' '}on behalf of <strong className="text-slate-900">{certificate.beneficiary}</strong>
          </p>
          <dl className="mt-6 grid grid-cols-1 gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
            <Field label="Certificate ID" mono>{certificate.certificateId}</Field>
            <Field label="Project">{certificate.projectName}</Field>
            <Field label="Standard">{certificate.standardLabel}</Field>
            <Field label="Project type">{certificate.projectTypeLabel}</Field>
            <Field label="Country">{certificate.country}</Field>
            <Field label="Vintage">{certificate.vintageYear}</Field>
            <Field label="Retirement date">{dateFormat.format(new Date(certificate.retirementDate))} UTC</Field>
            <Field label="Serial range" mono>{certificate.serialRange}</Field>
            <Field label="Reason" wide>{certificate.reason}</Field>
            {certificate.claim && (
              <>
                <Field label="Claim purpose">{certificate.claim.purposeLabel}</Field>
                <Field label="Jurisdiction">{certificate.claim.subdivision ?? certificate.claim.country}</Field>
                <Field label="Reporting period">{certificate.claim.periodStart} to {certificate.claim.periodEnd}</Field>
              </>
            )}
            {certificate.integrity && (
              <Field label="Integrity labels at retirement" wide>
                <IntegrityBadges integrity={certificate.integrity} className="mt-1" />
              </Field>
            )}
            <Field label="Chain transaction" mono wide>
              {certificate.chainTxHash ? (
                // The chain's own answer (found, block, status) for anyone checking the hash.
                <a href={`/api/chain/tx/${certificate.chainTxHash}`} className="text-emerald-800 underline underline-offset-2" title="Check this transaction on the chain">
                  {certificate.chainTxHash}
                </a>
              ) : (
                <span className="font-sans text-amber-800">Pending anchoring</span>
              )}
            </Field>
            <Field label="On-chain token" wide>
              A record of this registry retirement, not a tradable credit: the retired token can never be transferred or split
            </Field>
            <Field label="SHA-256 digest" mono wide>{certificate.digest}</Field>
          </dl>
        </div>
        <figure className="mx-auto flex w-44 flex-col items-center gap-2 text-center lg:mx-0">
          <img src={certificateQrUrl(certificate.certificateId)} alt="QR code linking to this certificate" width={176} height={176} className="size-44 rounded-md border border-border" />
          <figcaption className="text-xs text-muted-foreground">Scan to open and verify this certificate</figcaption>
        </figure>
      </div>
    </Card>
  );
}

function Field({ label, children, mono = false, wide = false }: { label: string; children: ReactNode; mono?: boolean; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={`mt-0.5 text-slate-900 [overflow-wrap:anywhere] ${mono ? 'font-mono text-xs sm:text-sm' : 'font-medium'}`}>{children}</dd>
    </div>
  );
}
