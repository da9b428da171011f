import { useMutation } from '@tanstack/react-query';
import type { Organisation } from '@/shared/schemas/organisation';
import { apiJson } from '@/client/lib/api';

/** Accepts an invite link's token: the signed-in person joins its organisation. */
export function useAcceptInvite() {
  return useMutation({ mutationFn: (token: string) => apiJson<Organisation>('POST', `/api/invites/${token}/accept`) });
}
