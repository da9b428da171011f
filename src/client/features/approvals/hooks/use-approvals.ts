import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Approval, ApprovalPolicyBody, ApprovalPolicyView } from '@/shared/schemas/approval';
import { apiJson } from '@/client/lib/api';

const APPROVALS = ['/api/approvals'] as const;
const POLICY = ['/api/organisation/approval-policy'] as const;

/** The inbox and its decisions; an approval changes holdings, cash and certificates, so those are re-read too. */
export function useApprovals() {
  const queryClient = useQueryClient();
  const approvals = useQuery<Approval[]>({ queryKey: [...APPROVALS] });
  const decide = useMutation({
    mutationFn: ({ id, verdict, comment }: { id: number; verdict: 'approve' | 'reject'; comment: string }) =>
      apiJson<Approval>('POST', `/api/approvals/${id}/${verdict}`, comment.trim() ? { comment: comment.trim() } : {}),
    onSettled: () => {
      for (const key of [APPROVALS, ['/api/credits/my'], ['/api/stats/user'], ['/api/transactions/my'], ['/api/auth/user'], ['/api/projects']]) {
        void queryClient.invalidateQueries({ queryKey: [...key] });
      }
    },
  });
  return { approvals, decide };
}

/** The organisation's maker–checker policy (owners and admins change it). */
export function useApprovalPolicy() {
  const queryClient = useQueryClient();
  const policy = useQuery<ApprovalPolicyView>({ queryKey: [...POLICY] });
  const save = useMutation({
    mutationFn: (body: ApprovalPolicyBody) => apiJson<ApprovalPolicyView>('PUT', '/api/organisation/approval-policy', body),
    onSuccess: (saved) => queryClient.setQueryData([...POLICY], saved),
  });
  return { policy, save };
}
