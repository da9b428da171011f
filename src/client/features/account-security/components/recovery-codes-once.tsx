import { useState } from 'react';
import { Check, Copy, Download, KeyRound } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/** The ten recovery codes, shown this one time: copy them, download them, then say they are kept. */
export function RecoveryCodesOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `CarbonLedger recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'carbonledger-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <KeyRound className="size-4 shrink-0" aria-hidden="true" />
        Save these recovery codes now: they will not be shown again.
      </p>
      <p className="mt-1 text-amber-900/80">Each one signs you in once if you lose your phone.</p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 rounded bg-white p-3 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => <li key={code} className="tabular-nums">{code}</li>)}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy all'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={download}>
          <Download aria-hidden="true" /> Download
        </Button>
        <Button type="button" size="sm" onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
