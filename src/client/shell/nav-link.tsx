import { Link } from 'wouter';
import { cn } from '@/client/lib/cn';
import type { NavItem } from './nav-items';

interface NavLinkProps {
  item: NavItem;
  active: boolean;
  /** Phones show the links stacked with their icons. */
  stacked?: boolean;
  onNavigate?: () => void;
}

export function NavLink({ item, active, stacked = false, onNavigate }: NavLinkProps) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex items-center gap-2 rounded-md text-sm font-medium transition-colors',
        stacked ? 'px-3 py-2.5 text-base' : 'px-2.5 py-2 xl:px-3',
        active ? 'bg-emerald-50 text-emerald-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      {stacked && <Icon className={cn('size-5', active ? 'text-emerald-700' : 'text-slate-500')} aria-hidden="true" />}
      {item.label}
    </Link>
  );
}
