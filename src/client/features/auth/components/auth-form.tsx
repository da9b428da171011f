import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { FormError } from './form-error';
import { useHydrated } from '@/client/hooks/use-hydrated';

interface AuthFormProps {
  /** Names the form and its submit button. */
  label: string;
  /** The submit button's text while the request runs. */
  pendingLabel: string;
  pending: boolean;
  /** The id of the inline error, for the fields' `aria-describedby`. */
  errorId: string;
  error: string | null;
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
  /** A note under the submit button. */
  footnote?: ReactNode;
}

/** The frame of the sign-in and create-account forms: fields, the inline error, then the submit button. */
export function AuthForm({ label, pendingLabel, pending, errorId, error, onSubmit, children, footnote }: AuthFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {/* Disabled until the app runs the prerendered page: see useHydrated. */}
      <fieldset className="grid min-w-0 gap-4" disabled={!hydrated}>
        {children}
        <FormError id={errorId} message={error} />
        <Button type="submit" size="lg" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {pending ? pendingLabel : label}
        </Button>
        {footnote && <p className="text-center text-xs text-muted-foreground">{footnote}</p>}
      </fieldset>
    </form>
  );
}
