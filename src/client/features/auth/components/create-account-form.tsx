import { useId, useState } from 'react';
import { useAuthSubmit } from '@/client/features/auth/hooks/use-auth-submit';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';

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
  const passwordError = error === SHORT_PASSWORD_MESSAGE;
  return (
    <AuthForm
      label="Create account"
      pendingLabel="Creating account…"
      pending={pending}
      errorId={errorId}
      error={error}
      onSubmit={() => {
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
      footnote="New accounts start with $50,000.00 in demo cash to buy and trade credits."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField
          id={`${ids}-first-name`}
          label="First name"
          autoComplete="given-name"
          required
          maxLength={100}
          value={firstName}
          onValueChange={setFirstName}
        />
        <AuthField
          id={`${ids}-company`}
          label={
            <>
              Company name <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          autoComplete="organization"
          maxLength={200}
          value={companyName}
          onValueChange={setCompanyName}
        />
      </div>
      <AuthField
        id={`${ids}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onValueChange={setEmail}
      />
      <AuthField
        id={`${ids}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        value={password}
        onValueChange={setPassword}
        aria-invalid={passwordError || undefined}
        aria-describedby={error ? errorId : undefined}
        hint={<>At least {MIN_PASSWORD_LENGTH} characters.</>}
      />
    </AuthForm>
  );
}
