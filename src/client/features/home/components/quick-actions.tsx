import { ArrowRight, BarChart3, CandlestickChart, Store, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

interface QuickAction {
  href: string;
  title: string;
  body: string;
  icon: LucideIcon;
}

const ACTIONS: readonly QuickAction[] = [
  { href: '/marketplace', title: 'Buy verified credits', body: 'Browse projects by type, standard and vintage.', icon: Store },
  { href: '/dashboard', title: 'Track your impact', body: 'Holdings, retirements and recent transactions.', icon: BarChart3 },
  { href: '/trading', title: 'Trade on the order book', body: 'Limit and market orders between members.', icon: CandlestickChart },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Get things done
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {ACTIONS.map(({ href, title, body, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full items-start gap-4 rounded-xl border border-border bg-white p-5 shadow-xs transition hover:border-emerald-300 hover:shadow-md"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 font-semibold text-slate-900">
                  {title}
                  <ArrowRight className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-emerald-700" aria-hidden="true" />
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{body}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
