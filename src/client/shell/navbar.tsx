import { Blocks, LogOut, Satellite } from 'lucide-react';
import { useLocation } from 'wouter';
import { useAuth } from '@/client/hooks/use-auth';
import { LOGOUT_URL, signOut } from '@/client/lib/full-page';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { CashBalance } from './cash-balance';
import { HomeLogoLink } from '@/client/components/brand/home-logo-link';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS, isActivePath } from './nav-items';
import { NavLink } from './nav-link';
import type { ShellDialog } from './shell-dialogs';
import { SignInButton } from '@/client/components/sign-in-button';
import { AccountMenu } from './account-menu';
import { WalletButton } from './wallet-button';
import { OrganisationSwitcher } from '@/client/features/organisations/components/organisation-switcher';
import { AlertBell } from '@/client/features/alerts/components/alert-bell';

/**
 * The fixed navigation bar of SPEC.md §2. Below 1024 px a menu sheet holds everything but the logo and the cash
 * balance; from 1024 px the links and the wallet are inline (the demos and the account stay in the menu, which
 * would not fit beside them); from 1280 px everything is inline, the account pages behind the avatar's menu; from 1536 px the
 * demos have their labels.
 */
export function Navbar({ onOpenDialog }: { onOpenDialog: (dialog: ShellDialog) => void }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-[1440px] items-center gap-2 px-4 sm:px-6 min-[1440px]:gap-3">
        {/* Signed in on a phone, the mark alone: the cash balance beside it needs the room to show in full. */}
        <HomeLogoLink className="shrink-0" wordmarkClassName={user ? 'max-sm:sr-only' : undefined} />
        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex min-[1440px]:ml-4">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.href} item={item} active={isActivePath(location, item.href)} />
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <div className="hidden items-center gap-1 lg:flex">
            <Button variant="ghost" size="sm" className="hidden xl:inline-flex" onClick={() => onOpenDialog('satellite')} title="Satellite MRV demo">
              <Satellite aria-hidden="true" />
              <span className="sr-only 2xl:not-sr-only">Satellite</span>
            </Button>
            <Button variant="ghost" size="sm" className="hidden xl:inline-flex" onClick={() => onOpenDialog('blockchain')} title="Blockchain demo">
              <Blocks aria-hidden="true" />
              <span className="sr-only 2xl:not-sr-only">Blockchain</span>
            </Button>
            <WalletButton onClick={() => onOpenDialog('wallet')} />
          </div>
          {isLoading ? (
            <Skeleton className="h-8 w-28 rounded-full" />
          ) : user ? (
            <>
              <CashBalance amount={user.cashBalance} className="hidden min-[360px]:inline-flex min-[1440px]:ml-2" />
              {/* The bell stays in the bar at every width (beside the menu button on phones). */}
              <AlertBell />
              {/* min-w-0: a long organisation name is what gives way (it truncates), not the Log out button at the edge. */}
              <div className="hidden min-w-0 items-center gap-2 border-l border-border pl-2 xl:flex min-[1440px]:pl-3">
                <OrganisationSwitcher />
                <AccountMenu user={user} />
                <Button asChild variant="ghost" size="icon" className="size-9">
                  <a href={LOGOUT_URL} onClick={signOut} aria-label="Log out" title="Log out">
                    <LogOut aria-hidden="true" />
                  </a>
                </Button>
              </div>
            </>
          ) : (
            <SignInButton size="sm" />
          )}
          <MobileMenu user={user} location={location} onOpenDialog={onOpenDialog} />
        </div>
      </div>
    </header>
  );
}
