import { useState } from 'react';
import { Check, X } from 'lucide-react';
import type { Approval } from '@/shared/schemas/approval';
import { MAX_APPROVAL_COMMENT_LENGTH } from '@/shared/schemas/approval';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useApprovals } from '@/client/features/approvals/hooks/use-approvals';

const STATUS_VARIANT: Record<Approval['status'], 'warning' | 'success' | 'outline' | 'destructive'> = {
  pending: 'warning', approved: 'success', rejected: 'outline', expired: 'outline', failed: 'destructive',
};

/** One request: what it does, who asked, its state; an approver decides it here with an optional comment. */
function ApprovalItem({ approval }: { approval: Approval }) {
  const { decide } = useApprovals();
  const [comment, setComment] = useState('');
  const commentId = `approval-comment-${approval.id}`;
  const send = (verdict: 'approve' | 'reject') => decide.mutate({ id: approval.id, verdict, comment }, {
    onSuccess: (decided) => {
      if (decided.status === 'failed') toast({ variant: 'destructive', title: 'Approved Request Failed', description: decided.failure ?? 'The request could not run' });
      else toast({ variant: 'success', title: verdict === 'approve' ? 'Request Approved' : 'Request Rejected', description: decided.summary });
      setComment('');
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Decision Not Recorded', description: errorMessage(error) }),
  });
  return (
    <li className="space-y-2 rounded-lg border p-3 text-sm" aria-label={`Approval request ${approval.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_VARIANT[approval.status]}>{approval.status}</Badge>
        <span className="font-medium text-slate-900">{approval.summary}</span>
      </div>
      <p className="text-muted-foreground">
        Requested by {approval.requesterName} on {formatDate(approval.requestedAt)}
        {approval.kind === 'purchase' ? ` · $${approval.value}` : ''}
        {approval.status === 'pending' ? ` · expires ${formatDate(approval.expiresAt)}` : ''}
        {approval.decidedByName ? ` · decided by ${approval.decidedByName}` : ''}
      </p>
      {approval.comment && <p>Comment: {approval.comment}</p>}
      {approval.failure && <p className="text-red-700">Failed: {approval.failure}</p>}
      {approval.certificateId && <a className="text-emerald-700 underline" href={`/certificates/${encodeURIComponent(approval.certificateId)}`}>View certificate</a>}
      {approval.canDecide && (
        <div className="space-y-2">
          <Label htmlFor={commentId}>Comment</Label>
          <textarea id={commentId} value={comment} onChange={(event) => setComment(event.target.value)} maxLength={MAX_APPROVAL_COMMENT_LENGTH} rows={2}
            className="w-full rounded-md border border-input bg-white px-2 py-1.5 text-sm" />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={decide.isPending} onClick={() => send('approve')}><Check aria-hidden="true" /> Approve</Button>
            <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => send('reject')}><X aria-hidden="true" /> Reject</Button>
          </div>
        </div>
      )}
    </li>
  );
}

/** Issue 30 item 3: requests waiting for an approver (approvers see all of the organisation's, others their own). */
export function ApprovalsInbox() {
  const { approvals } = useApprovals();
  const rows = approvals.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Approvals inbox</CardTitle>
        <CardDescription>Nobody approves their own request. An approved request runs once, at the prices and supply of that moment.</CardDescription>
      </CardHeader>
      <CardContent>
        {approvals.isLoading ? <p className="text-sm text-muted-foreground">Loading…</p>
          : rows.length === 0 ? <p className="text-sm text-muted-foreground">No requests.</p>
          : <ul className="space-y-3">{rows.map((approval) => <ApprovalItem key={approval.id} approval={approval} />)}</ul>}
      </CardContent>
    </Card>
  );
}
