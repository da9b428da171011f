import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Colour of the value, for gains and losses. */
  tone?: 'gain' | 'loss';
}

const TONES = { gain: 'text-emerald-700', loss: 'text-red-700' } as const;

/** Label–value rows; values are right-aligned tabular figures so columns of numbers line up. */
export function DetailList({ details, className }: { details: readonly Detail[]; className?: string }) {
  return (
    <dl className={cn('divide-y divide-border text-sm', className)}>
      {details.map(({ label, value, tone }) => (
        <div key={label} className="flex items-baseline justify-between gap-3 py-1.5 first:pt-0 last:pb-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('min-w-0 text-right font-medium tabular-nums text-slate-900', tone && TONES[tone])}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
