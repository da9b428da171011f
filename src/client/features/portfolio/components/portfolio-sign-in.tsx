import { Briefcase, LogIn } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';

/** The Portfolio needs a signed-in user (SPEC.md §2): signed out, it offers Sign In (a full-page load). */
export function PortfolioSignIn() {
  const signInHref = useSignInHref();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Briefcase className="size-7" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Sign in to view your portfolio</h2>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">Your holdings, retirements and certificates are tied to your account.</p>
      </div>
      <Button asChild>
        <a href={signInHref}>
          <LogIn aria-hidden="true" />
          Sign In
        </a>
      </Button>
    </Card>
  );
}
