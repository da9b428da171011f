import { useState } from 'react';
import { Blocks, Building2, ClipboardCheck, Code2, LogOut, Menu, Satellite, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@/shared/schemas/auth';
import { displayName } from '@/client/hooks/use-auth';
import { LOGOUT_URL, signOut } from '@/client/lib/full-page';
import { Button } from '@/client/components/ui/button';
import { Separator } from '@/client/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/client/components/ui/sheet';
import { CashBalance } from './cash-balance';
import { Logo } from '@/client/components/brand/logo';
import { NAV_ITEMS, isActivePath } from './nav-items';
import { NavLink } from './nav-link';
import type { ShellDialog } from './shell-dialogs';
import { SignInButton } from '@/client/components/sign-in-button';
import { UserAvatar } from './user-avatar';
import { WalletButton } from './wallet-button';
import { OrganisationSwitcher } from '@/client/features/organisations/components/organisation-switcher';

interface MobileMenuProps {
  user: User | null;
  location: string;
  onOpenDialog: (dialog: ShellDialog) => void;
}

/** Below 1280 px the demos and the account (below 1024 px the links and the wallet too) move into a sheet opened from the bar. */
export function MobileMenu({ user, location, onOpenDialog }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const openDialog = (dialog: ShellDialog) => {
    setOpen(false);
    onOpenDialog(dialog);
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="xl:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="pr-10">
          <Logo />
        </SheetTitle>
        <SheetDescription className="sr-only">Navigation, demos and account</SheetDescription>
        {user && (
          <div className="flex items-center gap-3 rounded-lg border border-border bg-slate-50 p-3">
            <UserAvatar imageUrl={user.profileImageUrl} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
        )}
        {user && <OrganisationSwitcher stacked onSwitched={() => setOpen(false)} />}
        {user && <CashBalance amount={user.cashBalance} className="self-start" />}
        <nav aria-label="Main" className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.href} item={item} active={isActivePath(location, item.href)} stacked onNavigate={() => setOpen(false)} />
          ))}
        </nav>
        <Separator />
        <div className="flex flex-col gap-2">
          <Button variant="outline" className="justify-start" onClick={() => openDialog('satellite')}>
            <Satellite aria-hidden="true" /> Satellite Demo
          </Button>
          <Button variant="outline" className="justify-start" onClick={() => openDialog('blockchain')}>
            <Blocks aria-hidden="true" /> Blockchain Demo
          </Button>
          <WalletButton stacked onClick={() => openDialog('wallet')} />
        </div>
        <div className="mt-auto pt-2">
          {user ? (
            <>
            <Button asChild variant="ghost" className="mb-2 w-full justify-start">
              <Link href="/organisation" onClick={() => setOpen(false)}>
                <Building2 aria-hidden="true" /> Organisation
              </Link>
            </Button>
            <Button asChild variant="ghost" className="mb-2 w-full justify-start">
              <Link href="/approvals" onClick={() => setOpen(false)}>
                <ClipboardCheck aria-hidden="true" /> Approvals
              </Link>
            </Button>
            <Button asChild variant="ghost" className="mb-2 w-full justify-start">
              <Link href="/developers" onClick={() => setOpen(false)}>
                <Code2 aria-hidden="true" /> Developers
              </Link>
            </Button>
            <Button asChild variant="ghost" className="mb-2 w-full justify-start">
              <Link href="/security" onClick={() => setOpen(false)}>
                <ShieldCheck aria-hidden="true" /> Security
              </Link>
            </Button>
            <Button asChild variant="secondary" className="w-full">
              <a href={LOGOUT_URL} onClick={signOut}>
                <LogOut aria-hidden="true" /> Log out
              </a>
            </Button>
            </>
          ) : (
            <SignInButton className="w-full" />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
