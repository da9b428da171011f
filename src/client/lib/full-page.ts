import { apiRequest } from './api';

/** Sign-in and logout are full page loads handled by the server (SPEC.md §2, §7). */
export const SIGN_IN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
export const LOGOUT_API = '/api/auth/logout';

export function goToSignIn(): void {
  window.location.assign(SIGN_IN_URL);
}

/**
 * The logout button: signs out with POST /api/auth/logout (another site cannot send that with our cookie), then loads
 * Home. The link's own GET /api/logout stays the fallback when the POST fails.
 */
export function signOut(event: { preventDefault(): void }): void {
  event.preventDefault();
  apiRequest('POST', LOGOUT_API).then(() => window.location.assign('/'), () => window.location.assign(LOGOUT_URL));
}
