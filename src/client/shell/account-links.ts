import { Building2, ClipboardCheck, Code2, ScrollText, ShieldCheck, type LucideIcon } from 'lucide-react';

export interface AccountLink {
  href: string;
  label: string;
  /** What the page holds, for the link's tooltip and the menu's second line. */
  description: string;
  icon: LucideIcon;
}

/** The signed-in person's and organisation's own pages: the account menu on a desktop, the menu sheet on a phone. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { href: '/organisation', label: 'Organisation', description: 'Members, roles and invites', icon: Building2 },
  { href: '/approvals', label: 'Approvals', description: 'Requests waiting for a second member', icon: ClipboardCheck },
  { href: '/audit', label: 'Audit log', description: 'Who did what, hash-chained', icon: ScrollText },
  { href: '/developers', label: 'Developers', description: 'API keys and webhooks', icon: Code2 },
  { href: '/security', label: 'Security', description: 'Two-factor sign-in and sessions', icon: ShieldCheck },
];
