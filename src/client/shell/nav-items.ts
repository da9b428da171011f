import { BarChart3, Briefcase, CandlestickChart, Home, Store, type LucideIcon } from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The five destinations of the navigation bar (SPEC.md §2), in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/dashboard', label: 'Dashboard', icon: BarChart3 },
  { href: '/marketplace', label: 'Marketplace', icon: Store },
  { href: '/trading', label: 'Trading', icon: CandlestickChart },
  { href: '/portfolio', label: 'Portfolio', icon: Briefcase },
];

export function isActivePath(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
