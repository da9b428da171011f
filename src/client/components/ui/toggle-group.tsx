import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/client/lib/cn';

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
  /** Classes for the option while it is selected (colour per side, say). */
  activeClassName?: string;
}

interface ToggleGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly ToggleOption<T>[];
  className?: string;
}

/**
 * One choice out of a few (Buy / Sell), as a WAI-ARIA radio group: a single tab stop, arrow keys move the choice.
 * Unlike tabs it controls no panel, so it carries no aria-controls that could point at a missing id.
 */
export function ToggleGroup<T extends string>({ label, value, onValueChange, options, className }: ToggleGroupProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onValueChange(options[next].value);
    buttons.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1', className)}>
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={(element) => { buttons.current[index] = element; }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onValueChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900',
              checked && cn('bg-white text-slate-900 shadow-sm', option.activeClassName),
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
