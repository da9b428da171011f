import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

type AuthFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the input as `${id}-hint` and read out before any other description. */
  hint?: ReactNode;
};

/** One labelled input of the sign-in and create-account forms. */
export function AuthField({ id, label, value, onValueChange, hint, 'aria-describedby': describedBy, ...inputProps }: AuthFieldProps) {
  const hintId = `${id}-hint`;
  const describedByIds = [hint ? hintId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={describedByIds || undefined}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
