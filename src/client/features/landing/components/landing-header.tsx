import { LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { SIGN_IN_URL } from '../../../lib/full-page';

/** The landing page's own top bar: logo and Sign In (SPEC.md §2). */
export function LandingHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" aria-label="CarbonLedger home" className="rounded-md">
          <Logo />
        </Link>
        <Button asChild size="sm">
          <a href={SIGN_IN_URL}>
            <LogIn aria-hidden="true" />
            Sign In
          </a>
        </Button>
      </div>
    </header>
  );
}
