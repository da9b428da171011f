import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';

/** A button's content: a spinner and the busy text while its simulated call runs, else the icon and label. */
export function BusyLabel({ busy, busyText, icon, children }: { busy: boolean; busyText: string; icon: ReactNode; children: ReactNode }) {
  return busy ? (
    <>
      <Loader2 className="animate-spin" aria-hidden="true" />
      {busyText}
    </>
  ) : (
    <>
      {icon}
      {children}
    </>
  );
}
