import { RETURN_TO_PARAM, safeReturnPath, signInPath } from '@/shared/return-path';
import { apiRequest } from './api';

/** Sign-in and logout are full page loads handled by the server (SPEC.md §2, §7). */
export const LOGOUT_URL = '/api/logout';
export const LOGOUT_API = '/api/auth/logout';

/** The screen the browser is on: path and query. */
export function currentPath(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}

/**
 * The one "return to where you were" rule: every way into sign-in names the screen to come back to (the current one
 * unless the caller knows better, e.g. the buy dialog of a project), and sign-in goes there afterwards.
 */
export function signInHref(returnTo: string = currentPath()): string {
  return signInPath(returnTo);
}

export function goToSignIn(returnTo?: string): void {
  window.location.assign(signInHref(returnTo));
}

/** Where a successful sign-in (or sign-up) goes: the page's `returnTo` when it is one of our screens, else Home. */
export function afterSignInPath(): string {
  if (typeof window === 'undefined') return '/';
  return safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_TO_PARAM)) ?? '/';
}

/**
 * The logout button: signs out with POST /api/auth/logout (another site cannot send that with our cookie), then loads
 * Home. The link's own GET /api/logout stays the fallback when the POST fails.
 */
export function signOut(event: { preventDefault(): void }): void {
  event.preventDefault();
  apiRequest('POST', LOGOUT_API).then(() => window.location.assign('/'), () => window.location.assign(LOGOUT_URL));
}
