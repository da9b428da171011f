import { Loader2 } from 'lucide-react';
import { LogoMark } from './brand/logo';

/** Shown for the moment it takes to learn whether someone is signed in. */
export function FullPageLoader() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
      <h1 className="sr-only">Loading CarbonLedger</h1>
      <LogoMark className="size-12" />
      <Loader2 className="size-5 animate-spin text-emerald-700" aria-hidden="true" />
    </main>
  );
}
