import { useId, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { FormError } from './form-error';

export const MIN_PASSWORD_LENGTH = 8;
export const SHORT_PASSWORD_MESSAGE = 'Password must be at least 8 characters';

/** First name, optional company, e-mail and password → POST /api/auth/register. */
export function CreateAccountForm() {
  const ids = useId();
  const [firstName, setFirstName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, pending, error, setError } = useAuthSubmit('/api/auth/register');
  const errorId = `${ids}-error`;
  const passwordHintId = `${ids}-password-hint`;
  const passwordError = error === SHORT_PASSWORD_MESSAGE;
  return (
    <form
      className="grid gap-4"
      aria-label="Create account"
      onSubmit={(event) => {
        event.preventDefault();
        // Checked here too so that a short password never leaves the browser.
        if (password.length < MIN_PASSWORD_LENGTH) {
          setError(SHORT_PASSWORD_MESSAGE);
          return;
        }
        void submit({
          firstName: firstName.trim(),
          companyName: companyName.trim() || undefined,
          email: email.trim(),
          password,
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-first-name`}>First name</Label>
          <Input
            id={`${ids}-first-name`}
            autoComplete="given-name"
            required
            maxLength={100}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-company`}>
            Company name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${ids}-company`}
            autoComplete="organization"
            maxLength={200}
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-email`}>Email</Label>
        <Input
          id={`${ids}-email`}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-password`}>Password</Label>
        <Input
          id={`${ids}-password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={passwordError || undefined}
          aria-describedby={`${passwordHintId}${error ? ` ${errorId}` : ''}`}
        />
        <p id={passwordHintId} className="text-xs text-muted-foreground">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <FormError id={errorId} message={error} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {pending ? 'Creating account…' : 'Create account'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">New accounts start with $50,000.00 in demo cash to buy and trade credits.</p>
    </form>
  );
}
