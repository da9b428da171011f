import { useId } from 'react';
import { cn } from '@/client/lib/cn';
import { Input } from '@/client/components/ui/input';
import { SLIPPAGE_PRESETS } from '@/client/features/pools/lib/slippage';

interface SlippageSettingProps {
  /** The tolerance in percent as typed ("0.5", "1", "2" or a custom value). */
  value: string;
  onChange: (percent: string) => void;
  invalid: boolean;
}

/** Slippage tolerance: the presets 0.5%, 1% and 2%, or a custom percentage. */
export function SlippageSetting({ value, onChange, invalid }: SlippageSettingProps) {
  const id = useId();
  const custom = !(SLIPPAGE_PRESETS as readonly string[]).includes(value);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Slippage tolerance</legend>
      <div className="flex flex-wrap items-center gap-2" role="radiogroup" aria-label="Slippage tolerance">
        {SLIPPAGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            role="radio"
            aria-checked={value === preset}
            onClick={() => onChange(preset)}
            className={cn(
              'h-9 cursor-pointer rounded-md border px-3 text-sm font-medium tabular transition-colors',
              value === preset ? 'border-emerald-600 bg-emerald-50 text-emerald-800' : 'border-input bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {preset}%
          </button>
        ))}
        <div className="flex items-center gap-1">
          <label htmlFor={`${id}-custom`} className="sr-only">
            Custom slippage tolerance in percent
          </label>
          <Input
            id={`${id}-custom`}
            inputMode="decimal"
            placeholder="Custom"
            className={cn('h-9 w-24', custom && 'border-emerald-600')}
            value={custom ? value : ''}
            aria-invalid={custom && invalid}
            onChange={(event) => onChange(event.target.value)}
          />
          <span className="text-sm text-muted-foreground" aria-hidden="true">%</span>
        </div>
      </div>
      {invalid && <p className="text-xs text-red-700">Enter a tolerance between 0 and 50%.</p>}
    </fieldset>
  );
}
