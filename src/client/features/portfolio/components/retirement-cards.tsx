import { Link } from 'wouter';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import { formatDate, formatInteger } from '@/client/lib/format';
import { CertificateDownloads } from './certificate-links';
import { creditLabel, holdingTitle, type PortfolioCredit } from './credit-label';

/** The Retirement History on narrow screens: one card per retired holding. */
export function RetirementCards({ retired }: { retired: readonly PortfolioCredit[] }) {
  return (
    <ul className="divide-y divide-border border-t border-border md:hidden" aria-label="Retirement History">
      {retired.map((credit) => (
        <li key={credit.id} className="grid grid-cols-[minmax(0,1fr)] gap-2 px-5 py-4">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 font-medium text-slate-900">{holdingTitle(credit)} <span className="text-xs font-normal text-muted-foreground">{creditLabel(credit)}</span></span>
            <span className="text-sm text-muted-foreground tabular">
              {formatInteger(credit.quantity)} t · {formatDate(credit.retiredAt)}
            </span>
          </p>
          {credit.certificateId && (
            <Link href={`/certificates/${credit.certificateId}`} className="font-mono text-xs text-emerald-800 underline underline-offset-2">
              {credit.certificateId}
            </Link>
          )}
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{credit.retiredReason || DEFAULT_RETIREMENT_REASON}</p>
          {credit.certificateId && <CertificateDownloads certificateId={credit.certificateId} align="start" />}
        </li>
      ))}
    </ul>
  );
}
