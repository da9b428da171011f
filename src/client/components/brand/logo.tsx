import { cn } from '@/client/lib/cn';

/** The brand mark: a leaf inside a block, i.e. a carbon credit anchored on a chain. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#047857" />
      <path d="M16 5.5 25 10.6v10.8L16 26.5 7 21.4V10.6z" fill="none" stroke="#6ee7b7" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M11 20.5c0-5.5 3.8-9 10-9.5-.3 6.2-3.8 10-9.3 10" fill="#ecfdf5" />
      <path d="M11 21.5c2-3 4.3-5.2 7-6.8" stroke="#047857" strokeWidth="1.3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** Mark and product name; the wrapper (a link home) is the caller's. */
export function Logo({ className, compact = false, wordmarkClassName }: { className?: string; compact?: boolean; wordmarkClassName?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight text-slate-900', compact && 'text-base', wordmarkClassName)}>
        Carbon<span className="text-emerald-700">Ledger</span>
      </span>
    </span>
  );
}
