import { isClientRoute } from './routes';

/** The query parameter that carries "where the user was" through /api/login and /signin. */
export const RETURN_TO_PARAM = 'returnTo';

const MAX_RETURN_PATH_LENGTH = 1024;
// C0 controls and DEL (`\p{Cc}` without the C1 block), as the text fields refuse them.
const CONTROL_CHARACTER = /(?![\u0080-\u009f])\p{Cc}/u;

/**
 * The path to come back to after signing in, or null when `value` is not one of our own screens. Only a local path
 * of a client route passes (never `//host`, a scheme, a backslash or control characters), so the parameter cannot
 * send a freshly signed-in user to another site (an open redirect); `/signin` itself would loop and is refused.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || CONTROL_CHARACTER.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0];
  if (!isClientRoute(pathname) || /^\/signin\/?$/.test(pathname)) return null;
  return value;
}

/** `/api/login?returnTo=…` for a return path (when it is one of ours), else plain `/api/login`. */
export function signInPath(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `/api/login?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/api/login';
}
