import { useState } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api';
import { afterSignInPath } from '../../../lib/full-page';

/**
 * Posts a sign-in or sign-up form. On success the whole app reloads at the screen the user came from (`returnTo`,
 * else `/`) so that every cached query starts over with the new session; on failure the server's message is kept for the inline error.
 */
export function useAuthSubmit(url: '/api/auth/login' | '/api/auth/register') {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: Record<string, string | undefined>) => {
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', url, body);
      window.location.assign(afterSignInPath());
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };

  return { submit, pending, error, setError };
}
