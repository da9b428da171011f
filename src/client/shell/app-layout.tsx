import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Navbar } from './navbar';
import { ShellDialogs, useShellDialogs } from './shell-dialogs';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** The frame of every signed-in-style screen: fixed bar, main landmark, footer and the bar's dialogs. */
export function AppLayout({ children }: { children: ReactNode }) {
  const dialogs = useShellDialogs();
  const [location] = useLocation();
  // A new screen starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar onOpenDialog={dialogs.open} />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        {children}
      </main>
      <SiteFooter />
      <ShellDialogs openDialog={dialogs.openDialog} onClose={dialogs.close} />
    </div>
  );
}
