import { ChevronDown } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@/shared/schemas/auth';
import { displayName } from '@/client/hooks/use-auth';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/client/components/ui/dropdown-menu';
import { ACCOUNT_LINKS } from './account-links';
import { UserAvatar } from './user-avatar';

/**
 * The person's menu on a desktop: who is signed in and the account's own pages, behind the avatar, so that the bar
 * keeps its room for the organisation switcher and the links people use all day.
 */
export function AccountMenu({ user }: { user: User }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        title={displayName(user)}
        className="flex shrink-0 cursor-pointer items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UserAvatar imageUrl={user.profileImageUrl} />
        <ChevronDown className="size-3.5 text-slate-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate text-sm font-semibold">{displayName(user)}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_LINKS.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>
              <link.icon aria-hidden="true" />
              <span className="flex flex-col">
                <span>{link.label}</span>
                <span className="text-xs text-muted-foreground">{link.description}</span>
              </span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
