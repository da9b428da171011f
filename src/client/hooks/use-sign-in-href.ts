import { useLocation, useSearch } from 'wouter';
import { signInHref } from '@/client/lib/full-page';

/** The Sign In link of the screen being shown: it comes back here after signing in (see signInHref). */
export function useSignInHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  return signInHref(search ? `${location}?${search}` : location);
}
