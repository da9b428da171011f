import { BadgeCheck, Loader2, ShieldAlert } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import type { DigestCheck } from '@/client/features/certificates/hooks/use-digest-check';

/**
 * "Verified" only when the registry vouches for the certificate (the ledger still holds these tonnes as retired
 * under it) and the digest recomputed in this browser matches; anything else is shown as NOT verified.
 */
export function verificationState(serverVerified: boolean, digest: DigestCheck): 'verified' | 'checking' | 'failed' {
  if (!serverVerified || digest === 'mismatch') return 'failed';
  return digest === 'checking' ? 'checking' : 'verified';
}

export function VerificationBadge({ state, className }: { state: ReturnType<typeof verificationState>; className?: string }) {
  const styles = {
    verified: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    checking: 'border-slate-200 bg-slate-50 text-slate-700',
    failed: 'border-red-200 bg-red-50 text-red-700',
  }[state];
  return (
    <span role="status" className={cn('inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold', styles, className)}>
      {state === 'verified' && <BadgeCheck className="size-4" aria-hidden="true" />}
      {state === 'checking' && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
      {state === 'failed' && <ShieldAlert className="size-4" aria-hidden="true" />}
      {state === 'verified' ? 'Verified' : state === 'checking' ? 'Checking…' : 'NOT verified'}
    </span>
  );
}
