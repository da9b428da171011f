import { AUTH_USER_KEY } from '@/client/hooks/use-auth';
import { queryClient } from './query-client';

/**
 * The server sends a prerendered page (the landing, the sign-in page) only to a request without a session cookie,
 * so such a visitor is known not to be signed in: GET /api/auth/user would answer 401. Saying so up front makes
 * the first render produce the prerendered markup (hydration matches) and saves that request.
 */
export function anonymousVisitor(): void {
  queryClient.setQueryData(AUTH_USER_KEY, null);
}
