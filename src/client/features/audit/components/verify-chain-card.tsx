import { Anchor, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { errorMessage } from '@/client/lib/api';
import { formatDateTimeUtc } from '@/client/lib/format';
import { shortenHash } from '@/client/lib/shorten-hex';
import type { AuditAnchorView } from '@/shared/schemas/audit';
import { useVerifyAudit } from '@/client/features/audit/hooks/use-audit';

const REASONS: Record<string, string> = {
  hash_mismatch: 'its content no longer matches its hash',
  prev_hash_mismatch: 'it no longer links to the entry before it',
  sequence_gap: 'an entry before it is missing',
  head_mismatch: 'entries at the end are missing',
  anchor_mismatch: 'it no longer matches the head anchored on chain',
};

/** The latest head put on chain, as verify read it back (null when the chain could not be asked). */
function AnchorLine({ anchor }: { anchor: AuditAnchorView }) {
  const status = anchor.onChain === true ? 'confirmed on chain' : anchor.onChain === false ? 'NOT found on chain' : 'chain not reachable';
  return (
    <p className="text-xs leading-5 text-muted-foreground" data-testid="audit-anchor">
      <Anchor className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
      Anchored on chain: entry #{anchor.seq}, {formatDateTimeUtc(anchor.anchoredAt)}{' '}
      <span className="whitespace-nowrap font-mono" title={anchor.txHash}>tx {shortenHash(anchor.txHash)}</span>{' '}
      <span className={anchor.onChain === false ? 'font-medium text-red-700' : undefined}>({status})</span>
    </p>
  );
}

/** Recomputes the hash chain on the server and shows the first broken link, if any. */
export function VerifyChainCard() {
  const verify = useVerifyAudit();
  const result = verify.data;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-1" role="status" aria-live="polite">
        <h2 className="text-base font-semibold text-slate-900">Hash chain</h2>
        {!result && !verify.isError && <p className="text-sm text-muted-foreground">Each entry holds the hash of the one before, and the head is anchored on chain at intervals; verifying recomputes every link.</p>}
        {verify.isError && <p className="text-sm text-red-700">{errorMessage(verify.error)}</p>}
        {result?.ok && (
          <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="audit-verify-result">
            <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
            Chain intact: {result.checked} {result.checked === 1 ? 'entry' : 'entries'} checked, head #{result.headSeq}.
          </p>
        )}
        {result && !result.ok && (
          <p className="flex items-center gap-2 text-sm text-red-700" data-testid="audit-verify-result">
            <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
            Chain broken at entry #{result.firstBrokenSeq}: {REASONS[result.reason ?? ''] ?? result.reason}.
          </p>
        )}
        {result && !result.ok && result.detail && <p className="break-words text-xs text-red-700">{result.detail}</p>}
        {result?.anchor && <AnchorLine anchor={result.anchor} />}
        {result && !result.anchor && <p className="text-xs text-muted-foreground">Not anchored on chain yet.</p>}
      </div>
      <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify chain'}
      </Button>
    </Card>
  );
}
