/** Sign-in and logout are full page loads handled by the server (SPEC.md §2, §7). */
export const SIGN_IN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

export function goToSignIn(): void {
  window.location.assign(SIGN_IN_URL);
}
