import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

const TONES = {
  emerald: 'bg-emerald-50 text-emerald-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
  violet: 'bg-violet-50 text-violet-700',
  rose: 'bg-rose-50 text-rose-700',
} as const;

interface StatCardProps {
  label: string;
  value: string;
  icon: LucideIcon;
  hint?: string;
  tone?: keyof typeof TONES;
  loading?: boolean;
}

/** One figure with its label; a skeleton stands in while it loads. */
export function StatCard({ label, value, icon: Icon, hint, tone = 'emerald', loading = false }: StatCardProps) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
          {loading ? (
            <Skeleton className="mt-2 h-8 w-24" />
          ) : (
            <p className="mt-1 truncate text-xl font-bold tracking-tight text-slate-900 tabular sm:text-[1.75rem]" title={value}>
              {value}
            </p>
          )}
          {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
        </div>
        <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', TONES[tone])}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </Card>
  );
}
