import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditVerification } from '@/shared/schemas/audit';
import type { Member } from '@/shared/schemas/organisation';
import { apiJson, getQueryFn } from '@/client/lib/api';
import { auditQueryString, type AuditParams } from '@/client/features/audit/lib/audit-params';

/** One page of the organisation's audit log; the previous page stays on screen while the next loads. */
export function useAuditLog(params: AuditParams, enabled: boolean) {
  const query = auditQueryString(params);
  return useQuery<AuditPage | null>({
    queryKey: [`/api/audit${query ? `?${query}` : ''}`],
    queryFn: getQueryFn<AuditPage>({ on401: 'returnNull' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Recomputes the whole chain on the server when asked (it reads every entry, so never on its own). */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => apiJson<AuditVerification>('GET', '/api/audit/verify') });
}

/** The organisation's members, to pick an actor by name; a caller who may not list them types a user id instead. */
export function useAuditActors() {
  return useQuery<Member[]>({ queryKey: ['/api/organisation/members'], retry: false });
}
