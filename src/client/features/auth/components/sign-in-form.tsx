import { useId, useState } from 'react';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';

/** E-mail and password → POST /api/auth/login. A wrong pair shows the server's "Invalid e-mail or password". */
export function SignInForm() {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, pending, error } = useAuthSubmit('/api/auth/login');
  const errorId = `${ids}-error`;
  return (
    <AuthForm
      label="Sign in"
      pendingLabel="Signing in…"
      pending={pending}
      errorId={errorId}
      error={error}
      onSubmit={() => void submit({ email: email.trim(), password })}
    >
      <AuthField
        id={`${ids}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
        aria-describedby={error ? errorId : undefined}
      />
      <AuthField
        id={`${ids}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </AuthForm>
  );
}
