import { Link } from 'wouter';
import { CLAIM_PURPOSE_LABELS } from '@/shared/retirement-claim';
import type { RegistryRetirement } from '@/shared/schemas/registry';
import { formatInteger } from '@/client/lib/format';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** Retirements as a table on wide screens and as stacked cards on phones. */
export function RegistryTable({ retirements }: { retirements: readonly RegistryRetirement[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-border bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">Date (UTC)</th>
              <th scope="col" className="px-4 py-3">Beneficiary</th>
              <th scope="col" className="px-4 py-3">Project</th>
              <th scope="col" className="px-4 py-3 text-right">Tonnes</th>
              <th scope="col" className="px-4 py-3">Serials</th>
              <th scope="col" className="px-4 py-3">Claim</th>
              <th scope="col" className="px-4 py-3">Certificate</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {retirements.map((row) => (
              <tr key={row.certificateId} className="align-top">
                <td className="whitespace-nowrap px-4 py-3">{dateFormat.format(new Date(row.retirementDate))}</td>
                <td className="max-w-48 px-4 py-3 font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {row.beneficiary}
                  <RetiredBy row={row} />
                </td>
                <td className="px-4 py-3">
                  <Link href={`/projects/${row.projectId}`} className="text-emerald-800 hover:underline">{row.projectName}</Link>
                  <p className="text-xs text-muted-foreground">{row.standardLabel} · {row.vintageYear}</p>
                </td>
                <td className="px-4 py-3 text-right font-semibold tabular">{formatInteger(row.quantity)}</td>
                <td className="px-4 py-3 font-mono text-xs [overflow-wrap:anywhere]">{row.serialRange}</td>
                <td className="px-4 py-3 text-xs">{claimText(row)}</td>
                <td className="px-4 py-3 font-mono text-xs">
                  <Link href={`/certificates/${row.certificateId}`} className="text-emerald-800 hover:underline">{row.certificateId}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {retirements.map((row) => (
          <li key={row.certificateId} className="rounded-xl border border-border bg-white p-4 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{row.beneficiary}</p>
                <RetiredBy row={row} />
              </div>
              <p className="shrink-0 font-semibold tabular">{formatInteger(row.quantity)} t</p>
            </div>
            <p className="mt-1"><Link href={`/projects/${row.projectId}`} className="text-emerald-800 hover:underline">{row.projectName}</Link></p>
            <p className="text-xs text-muted-foreground">{dateFormat.format(new Date(row.retirementDate))} · {claimText(row)}</p>
            <p className="mt-2 font-mono text-xs [overflow-wrap:anywhere]">{row.serialRange}</p>
            <Link href={`/certificates/${row.certificateId}`} className="mt-1 inline-block font-mono text-xs text-emerald-800 hover:underline">{row.certificateId}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The retiring organisation under the beneficiary, when the certificate names one. */
function RetiredBy({ row }: { row: RegistryRetirement }) {
  if (!row.retiredByOrganisation) return null;
  return <p className="text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">retired by {row.retiredByOrganisation}</p>;
}

function claimText(row: RegistryRetirement): string {
  if (!row.claim) return 'No claim stated';
  return `${CLAIM_PURPOSE_LABELS[row.claim.purpose]} · ${row.claim.subdivision ?? row.claim.country} · ${row.claim.periodStart} to ${row.claim.periodEnd}`;
}
