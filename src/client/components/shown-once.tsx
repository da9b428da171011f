import { useState, type ReactNode } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/**
 * A value the server shows this one time (an API key's secret, a webhook's signing secret, an invite link; only
 * digests are stored): visible, copyable, and gone once dismissed.
 */
export function ShownOnce({ label, value, notice, copyLabel = 'Copy', onDismiss }: {
  /** Names the value for assistive technology and tests. */
  label: string;
  value: string;
  /** What the reader must know; by default that it will not be shown again. */
  notice?: ReactNode;
  copyLabel?: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <KeyRound className="size-4 shrink-0" aria-hidden="true" />
        {notice ?? `${label}: copy it now, it will not be shown again.`}
      </p>
      <code aria-label={label} className="mt-2 block break-all rounded bg-white px-2 py-1.5 font-mono text-xs text-slate-900">{value}</code>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : copyLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDismiss}>Done</Button>
      </div>
    </div>
  );
}
