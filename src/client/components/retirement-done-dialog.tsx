import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, FileText, Loader2, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Certificate } from '@/shared/schemas/certificate';
import { apiJson, errorMessage } from '@/client/lib/api';
import { certificatePdfUrl, printCertificate } from '@/client/lib/certificate-files';
import { tonnesCo2e } from '@/client/lib/format';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';
import { toast } from './ui/use-toast';

/** How long the dialog waits for the chain before saying the transaction will show on the certificate page. */
const ANCHOR_WAIT_MS = 60_000;
const ANCHOR_POLL_MS = 1_500;

interface RetirementDoneDialogProps {
  /** The new certificate; null: closed. */
  certificateId: string | null;
  quantity: number;
  onClose: () => void;
}

/**
 * The end of every retirement (portfolio retire, buy-and-retire): the certificate, printable at once (SPEC.md §2:
 * a new window that prints, else the HTML file), its PDF, and the real on-chain transaction hash as soon as the
 * anchoring worker has sent it — read from the certificate itself, never made up.
 */
export function RetirementDoneDialog({ certificateId, quantity, onClose }: RetirementDoneDialogProps) {
  // Kept with the certificate it is about: a new certificate waits afresh.
  const [gaveUpOn, setGaveUpOn] = useState<string | null>(null);
  const gaveUp = certificateId !== null && gaveUpOn === certificateId;
  useEffect(() => {
    if (certificateId === null) return;
    const timer = setTimeout(() => setGaveUpOn(certificateId), ANCHOR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [certificateId]);
  const certificate = useQuery<Certificate>({
    queryKey: ['/api/certificates', certificateId, 'anchoring'],
    queryFn: () => apiJson<Certificate>('GET', `/api/certificates/${encodeURIComponent(certificateId!)}`),
    enabled: certificateId !== null,
    refetchInterval: (query) => (query.state.data?.chainTxHash || gaveUp ? false : ANCHOR_POLL_MS),
  });
  const hash = certificate.data?.chainTxHash ?? null;
  const waiting = hash === null && !gaveUp;

  const print = async () => {
    if (!certificateId) return;
    try {
      const delivered = await printCertificate(certificateId);
      if (delivered === 'downloaded') toast({ title: 'Certificate Downloaded', description: `The print window was blocked, so retirement-certificate-${certificateId}.html was saved.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Print Failed', description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={certificateId !== null} onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent className="max-w-md" aria-describedby="retirement-done-description">
        <DialogHeader className="items-center pr-0 text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-emerald-50">
            <CheckCircle2 className="size-7 text-emerald-700" aria-hidden="true" />
          </span>
          <DialogTitle>Credits Retired</DialogTitle>
          <DialogDescription id="retirement-done-description" className="text-center">
            {tonnesCo2e(quantity)} retired for good. Certificate{' '}
            {certificateId && <Link href={`/certificates/${encodeURIComponent(certificateId)}`} className="whitespace-nowrap font-mono font-medium text-emerald-800 underline underline-offset-2">{certificateId}</Link>}
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border border-border bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">On-chain transaction</p>
          {hash ? (
            <p className="mt-1 break-all font-mono text-xs text-slate-800" data-testid="retirement-tx-hash">{hash}</p>
          ) : (
            <p className="mt-1 flex items-center gap-2 text-xs text-slate-700" data-testid="retirement-tx-pending" role="status">
              {waiting && <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />}
              {waiting ? 'Waiting for the chain to record the retirement…' : 'Not on chain yet: the certificate page shows the transaction once it is.'}
            </p>
          )}
        </div>
        <DialogFooter className="sm:justify-center">
          <Button onClick={() => void print()}><Printer aria-hidden="true" />Print certificate</Button>
          <Button asChild variant="outline">
            <a href={certificateId ? certificatePdfUrl(certificateId, true) : undefined} download={`retirement-certificate-${certificateId}.pdf`}><FileText aria-hidden="true" />PDF</a>
          </Button>
          <Button asChild variant="ghost">
            <Link href={certificateId ? `/certificates/${encodeURIComponent(certificateId)}` : '/portfolio'} onClick={onClose}><ExternalLink aria-hidden="true" />View certificate</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
