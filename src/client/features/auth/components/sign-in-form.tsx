import { useId, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { FormError } from './form-error';

/** E-mail and password → POST /api/auth/login. A wrong pair shows the server's "Invalid e-mail or password". */
export function SignInForm() {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, pending, error } = useAuthSubmit('/api/auth/login');
  const errorId = `${ids}-error`;
  return (
    <form
      className="grid gap-4"
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ email: email.trim(), password });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-email`}>Email</Label>
        <Input
          id={`${ids}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-password`}>Password</Label>
        <Input
          id={`${ids}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FormError id={errorId} message={error} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
