import { useState } from 'react';
import type { SecondFactorRequired } from '@/shared/schemas/account-security';
import { apiRequest, errorMessage } from '@/client/lib/api';
import { afterSignInPath } from '@/client/lib/full-page';

/**
 * Posts a sign-in or sign-up form. On success the whole app reloads at the screen the user came from (`returnTo`,
 * else `/`) so that every cached query starts over with the new session; on failure the server's message is kept for the inline error.
 * A password accepted for an account with two-factor sign-in answers 202 and no session: `onSecondFactor` takes it.
 */
export function useAuthSubmit(
  url: '/api/auth/login' | '/api/auth/register' | '/api/auth/login/two-factor',
  onSecondFactor?: (answer: SecondFactorRequired) => void,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: Record<string, string | undefined>) => {
    setPending(true);
    setError(null);
    try {
      const response = await apiRequest('POST', url, body);
      if (response.status === 202 && onSecondFactor) {
        onSecondFactor((await response.json()) as SecondFactorRequired);
        setPending(false);
        return;
      }
      window.location.assign(afterSignInPath());
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };

  return { submit, pending, error, setError };
}
