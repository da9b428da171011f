import { Award } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_RETIREMENT_REASON } from '../../../../shared/constants';
import type { Credit } from '../../../../shared/schemas/credit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDate, formatInteger } from '../../../lib/format';
import { CertificateDownloads } from './certificate-links';
import { creditLabel } from './credit-label';
import { RetirementCards } from './retirement-cards';

/** SPEC.md §2 Retirement History: one row per retired holding, newest first, with its certificate and downloads. */
export function RetirementHistory({ credits, loading }: { credits: readonly Credit[]; loading: boolean }) {
  const retired = credits
    .filter((credit) => credit.status === 'retired')
    .sort((a, b) => (b.retiredAt ?? '').localeCompare(a.retiredAt ?? ''));
  let body;
  if (loading) {
    body = (
      <div className="px-5 sm:px-6">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (retired.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-muted-foreground">
        <Award className="size-8 text-emerald-600" aria-hidden="true" />
        <p>No retired credits yet</p>
      </div>
    );
  } else {
    body = (
      <>
        <RetirementCards retired={retired} />
        <div className="hidden md:block">
          <Table aria-label="Retirement History">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5 sm:pl-6">Credit</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Certificate</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="pr-5 text-right sm:pr-6">Certificate File</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {retired.map((credit) => (
                <TableRow key={credit.id}>
                  <TableCell className="pl-5 font-medium text-slate-900 sm:pl-6">{creditLabel(credit)}</TableCell>
                  <TableCell className="text-right tabular">{formatInteger(credit.quantity)} t</TableCell>
                  <TableCell>{formatDate(credit.retiredAt)}</TableCell>
                  <TableCell>
                    {credit.certificateId ? (
                      <Link href={`/certificates/${credit.certificateId}`} className="font-mono text-xs text-emerald-800 underline-offset-2 hover:underline">
                        {credit.certificateId}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell className="min-w-[12rem] max-w-xs whitespace-normal text-sm [overflow-wrap:anywhere]">
                    <span className="line-clamp-2" title={credit.retiredReason || DEFAULT_RETIREMENT_REASON}>
                      {credit.retiredReason || DEFAULT_RETIREMENT_REASON}
                    </span>
                  </TableCell>
                  <TableCell className="pr-5 text-right sm:pr-6">
                    {credit.certificateId && <CertificateDownloads certificateId={credit.certificateId} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Retirement History</CardTitle>
        <CardDescription>Permanently retired credits and their verifiable certificates</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">{body}</CardContent>
    </Card>
  );
}
