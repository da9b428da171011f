import { Leaf, LogIn } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';
import { formatInteger, formatUsd } from '@/client/lib/format';

interface DashboardBannerProps {
  ownedCredits: number;
  /** Null when nobody is signed in: the banner then says Demo mode. */
  cashBalance: string | null;
  signedIn: boolean;
}

/** SPEC.md §2: green banner with the owned-credits count; "Demo mode" is appended when there is no user. */
export function DashboardBanner({ ownedCredits, cashBalance, signedIn }: DashboardBannerProps) {
  const signInHref = useSignInHref();
  return (
    <section
      aria-label="Portfolio status"
      className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-emerald-700 to-emerald-800 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/15">
          <Leaf className="size-6" aria-hidden="true" />
        </span>
        <div>
          <p className="text-lg font-semibold">
            {formatInteger(ownedCredits)} {ownedCredits === 1 ? 'credit' : 'credits'} owned
            {!signedIn && ' · Demo mode'}
          </p>
          <p className="text-sm text-emerald-50">
            {signedIn ? 'Each credit is one tonne of CO₂e, verified and anchored on-chain.' : 'Sign in to see your own holdings and history.'}
          </p>
        </div>
      </div>
      {signedIn && cashBalance !== null ? (
        <div className="sm:text-right">
          <p className="text-xs font-medium uppercase tracking-wider text-emerald-100">Demo cash balance</p>
          <p className="text-2xl font-bold tabular">{formatUsd(cashBalance)}</p>
        </div>
      ) : (
        !signedIn && (
          <Button asChild variant="inverse" className="self-start sm:self-auto">
            <a href={signInHref}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </Button>
        )
      )}
    </section>
  );
}
