import { Checkbox } from '@/client/components/ui/checkbox';

/** A labelled group of checkboxes over a fixed set of values (scopes, events). */
export function ChoiceCheckboxes<T extends string>({ legend, options, chosen, onChange, describe }: {
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  describe?: (option: T) => string;
}) {
  const toggle = (option: T, on: boolean) => onChange(on ? [...chosen, option] : chosen.filter((value) => value !== option));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
            <Checkbox checked={chosen.includes(option)} onCheckedChange={(state) => toggle(option, state === true)} />
            <span className="font-mono text-xs">{option}</span>
            {describe && <span className="text-xs text-muted-foreground">{describe(option)}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
