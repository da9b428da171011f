import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/cn';

export interface ProgressStep<Id extends string> {
  id: Id;
  label: string;
}

interface ProgressStepsProps<Id extends string> {
  steps: readonly ProgressStep<Id>[];
  /** The running step; earlier steps show as done, later ones as waiting. */
  activeId: Id;
  label: string;
}

/** The steps of a simulated operation while it runs, announced politely as each one starts. */
export function ProgressSteps<Id extends string>({ steps, activeId, label }: ProgressStepsProps<Id>) {
  const activeIndex = steps.findIndex((step) => step.id === activeId);
  return (
    <div aria-live="polite" aria-busy="true" className="rounded-lg border border-emerald-100 bg-emerald-50/60 p-3">
      <p className="sr-only">
        {label}: step {activeIndex + 1} of {steps.length}, {steps[activeIndex]?.label}
      </p>
      <ol aria-label={label} className="space-y-1.5 text-sm">
        {steps.map((step, index) => {
          const state = index < activeIndex ? 'done' : index === activeIndex ? 'active' : 'waiting';
          return (
            <li key={step.id} className={cn('flex items-center gap-2', state === 'waiting' ? 'text-slate-500' : 'text-slate-900')}>
              {state === 'done' && <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />}
              {state === 'active' && <Loader2 className="size-4 shrink-0 animate-spin text-emerald-700" aria-hidden="true" />}
              {state === 'waiting' && <Circle className="size-4 shrink-0 text-slate-300" aria-hidden="true" />}
              <span className={cn(state === 'active' && 'font-medium')}>{step.label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
