import { FlaskConical } from 'lucide-react';

/** Summary: says plainly that nothing in the Blockchain Demo touches a real wallet, chain or IPFS node. */
export function DemoModeNote() {
  return (
    <aside aria-label="Demo Mode Active" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Demo Mode Active</strong>: the wallet, chain and IPFS storage are simulated in your
        browser. No real funds or network calls; a reload starts over.
      </p>
    </aside>
  );
}
