import { useQuery } from '@tanstack/react-query';
import type { User } from '@/shared/schemas/auth';
import { getQueryFn } from '@/client/lib/api';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null. SPEC.md §4: signed in versus signed out is decided by whether this call
 * returns data, so a 401 is an empty result rather than an error, and it is never retried.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** SPEC.md §2: first name, else the part of the e-mail before the at sign, else "User". */
export function displayName(user: Pick<User, 'firstName' | 'email'> | null): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}
