import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ApprovalPolicyView } from '@/shared/schemas/approval';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useApprovalPolicy } from '@/client/features/approvals/hooks/use-approvals';

type Fields = Record<'retireTonnes' | 'spend' | 'ttlHours' | 'dailyLimit', string>;

const toFields = (policy: ApprovalPolicyView): Fields => ({
  retireTonnes: policy.approvalRetireTonnes === null ? '' : String(policy.approvalRetireTonnes),
  spend: policy.approvalSpend ?? '', ttlHours: String(policy.approvalTtlHours), dailyLimit: policy.dailySpendLimit ?? '',
});

// Empty means "off"; the server validates the rest and answers a 400 with a message.
const tonnesOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const dollarsOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Maker–checker policy of the organisation: shown to every member, changed by owners and admins. */
export function ApprovalPolicyCard({ canManage }: { canManage: boolean }) {
  const { policy } = useApprovalPolicy();
  if (!policy.data) return null;
  return <ApprovalPolicyForm initial={policy.data} canManage={canManage} />;
}

function ApprovalPolicyForm({ initial, canManage }: { initial: ApprovalPolicyView; canManage: boolean }) {
  const { save } = useApprovalPolicy();
  const [fields, setFields] = useState<Fields>(() => toFields(initial));
  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      approvalRetireTonnes: tonnesOrNull(fields.retireTonnes), approvalSpend: dollarsOrNull(fields.spend),
      approvalTtlHours: Number(fields.ttlHours), dailySpendLimit: dollarsOrNull(fields.dailyLimit),
    }, {
      onSuccess: () => toast({ variant: 'success', title: 'Policy Saved', description: 'Approvals and limits apply from now on' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Policy Not Saved', description: errorMessage(error) }),
    });
  };
  const field = (key: keyof Fields, label: string, hint: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`policy-${key}`}>{label}</Label>
      <Input id={`policy-${key}`} inputMode="decimal" value={fields[key]} onChange={set(key)} disabled={!canManage} placeholder={hint} />
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Approvals and limits</CardTitle>
        <CardDescription>
          Requests over these thresholds wait for a member with the approver role. Leave a field empty to switch it off.{' '}
          <Link href="/approvals" className="text-emerald-700 underline">Open the approvals inbox</Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Approval policy" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {field('retireTonnes', 'Retirements needing approval (t or more)', 'Off')}
          {field('spend', 'Purchases and orders needing approval (above $)', 'Off')}
          {field('ttlHours', 'Requests expire after (hours)', '72')}
          {field('dailyLimit', 'Daily spend limit per member ($)', 'Off')}
          {canManage && <div className="sm:col-span-2"><Button type="submit" disabled={save.isPending}>Save policy</Button></div>}
        </form>
      </CardContent>
    </Card>
  );
}
