import { useId, useState } from 'react';
import type { SecondFactorRequired } from '@/shared/schemas/account-security';
import { useAuthSubmit } from '@/client/features/auth/hooks/use-auth-submit';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';

/**
 * E-mail and password → POST /api/auth/login. A wrong pair shows the server's "Invalid e-mail or password". An
 * account with two-factor sign-in then asks for the code of its authenticator app (or a recovery code).
 */
export function SignInForm() {
  const [challenge, setChallenge] = useState<SecondFactorRequired | null>(null);
  return challenge
    ? <SecondFactorForm challenge={challenge.challenge} onRestart={() => setChallenge(null)} />
    : <PasswordForm onSecondFactor={setChallenge} />;
}

function PasswordForm({ onSecondFactor }: { onSecondFactor: (answer: SecondFactorRequired) => void }) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, pending, error } = useAuthSubmit('/api/auth/login', onSecondFactor);
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

function SecondFactorForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const { submit, pending, error } = useAuthSubmit('/api/auth/login/two-factor');
  const errorId = `${ids}-error`;
  return (
    <AuthForm
      label="Verify"
      pendingLabel="Verifying…"
      pending={pending}
      errorId={errorId}
      error={error}
      onSubmit={() => void submit({ challenge, code: code.trim() })}
      footnote={(
        <>
          <button type="button" className="font-medium text-emerald-700 underline" onClick={() => { setRecovery(!recovery); setCode(''); }}>
            {recovery ? 'Use the code from your app' : 'Use a recovery code instead'}
          </button>
          {' · '}
          <button type="button" className="font-medium text-emerald-700 underline" onClick={onRestart}>Start over</button>
        </>
      )}
    >
      <p className="text-sm text-slate-700">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app.'}
      </p>
      <AuthField
        id={`${ids}-code`}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={recovery ? 11 : 6}
        placeholder={recovery ? 'abcde-fghij' : '123456'}
        autoFocus
        required
        value={code}
        onValueChange={setCode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </AuthForm>
  );
}
