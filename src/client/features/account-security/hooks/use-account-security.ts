import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSession, RecoveryCodesAnswer, TwoFactorSetup, TwoFactorStatus,
} from '@/shared/schemas/account-security';
import { apiJson, apiRequest } from '@/client/lib/api';

const TWO_FACTOR = ['/api/account/two-factor'] as const;
const SESSIONS = ['/api/account/sessions'] as const;

/** Two-factor sign-in: its state, enrolment (set-up, then a code turns it on), turning off, new recovery codes. */
export function useTwoFactor() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...TWO_FACTOR] });
  const status = useQuery<TwoFactorStatus>({ queryKey: [...TWO_FACTOR] });
  const setup = useMutation({ mutationFn: () => apiJson<TwoFactorSetup>('POST', '/api/account/two-factor/setup') });
  const enable = useMutation({ mutationFn: (code: string) => apiJson<RecoveryCodesAnswer>('POST', '/api/account/two-factor/enable', { code }), onSuccess: refresh });
  const disable = useMutation({ mutationFn: (code: string) => apiJson<TwoFactorStatus>('POST', '/api/account/two-factor/disable', { code }), onSuccess: refresh });
  const replaceCodes = useMutation({ mutationFn: (code: string) => apiJson<RecoveryCodesAnswer>('POST', '/api/account/two-factor/recovery-codes', { code }), onSuccess: refresh });
  return { status, setup, enable, disable, replaceCodes };
}

/** The account's live sessions; ending one, or all but this one. */
export function useSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...SESSIONS] });
  const sessions = useQuery<AccountSession[]>({ queryKey: [...SESSIONS] });
  const revoke = useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `/api/account/sessions/${id}`), onSuccess: refresh });
  const signOutOthers = useMutation({ mutationFn: () => apiJson<{ ended: number }>('POST', '/api/account/sessions/sign-out-others'), onSuccess: refresh });
  return { sessions, revoke, signOutOthers };
}
