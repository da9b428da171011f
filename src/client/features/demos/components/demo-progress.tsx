import { Check } from 'lucide-react';
import { cn } from '@/client/lib/cn';

interface DemoProgressProps {
  steps: readonly { label: string; done: boolean }[];
}

/** Summary of the demo flow (SPEC.md §4): connect, create, generate MRV, mint; each step ticks when done. */
export function DemoProgress({ steps }: DemoProgressProps) {
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <ol aria-label={`Demo progress: ${doneCount} of ${steps.length} steps done`} className="grid grid-cols-4 gap-1.5 sm:gap-2">
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={cn(
            'flex flex-col items-center gap-1 rounded-lg border px-1 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:px-3 sm:text-left sm:text-sm',
            step.done ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-border bg-white text-slate-600',
          )}
        >
          <span
            className={cn(
              'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
              step.done ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-600',
            )}
            aria-hidden="true"
          >
            {step.done ? <Check className="size-3.5" /> : index + 1}
          </span>
          <span className="min-w-0 leading-tight">
            {step.label}
            <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
