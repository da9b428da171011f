import { isPendingApproval } from '@/shared/schemas/approval';
import { createElement, useState } from 'react';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import type { Credit } from '@/shared/schemas/credit';
import type { PortfolioCredit } from '@/client/features/portfolio/components/credit-label';
import { toast } from '@/client/components/ui/use-toast';
import { ToastLinkAction } from '@/client/components/toast-link-action';
import { errorMessage } from '@/client/lib/api';
import { tonnesCo2e } from '@/client/lib/format';
import { useClaimState } from '@/client/components/claims/use-claim-state';
import { clampQuantity } from './clamp-quantity';
import { useRetire } from './use-retire';

export interface RetireAccount {
  companyName: string | null;
  firstName: string;
}

/** The certificate names the company, else the person (issue 3); the user may change it in the dialog. */
export function defaultBeneficiaryName(account: RetireAccount | null): string {
  return account?.companyName?.trim() || account?.firstName?.trim() || '';
}

/**
 * State of the SPEC.md §4 retire flow: the dialog's fields, the processing step and the toasts.
 * Closing is refused while the request is pending; success resets the form and closes the dialog.
 */
export function useRetireFlow(credits: readonly PortfolioCredit[], account: RetireAccount | null) {
  const [open, setOpen] = useState(false);
  const [creditId, setCreditId] = useState<number | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [reason, setReason] = useState(DEFAULT_RETIREMENT_REASON);
  const [beneficiary, setBeneficiary] = useState('');
  // The retirement just done, for its end dialog (certificate, print, the real transaction hash).
  const [done, setDone] = useState<{ certificateId: string; quantity: number } | null>(null);
  const retire = useRetire();
  const claim = useClaimState();
  const activeCredits = credits.filter((credit) => credit.status === 'active');
  const selected = activeCredits.find((credit) => credit.id === creditId) ?? null;

  const reset = (credit: Credit | null) => {
    setCreditId(credit?.id ?? null);
    setQuantityText(String(credit?.quantity ?? 1));
    setReason(DEFAULT_RETIREMENT_REASON);
    setBeneficiary(defaultBeneficiaryName(account));
    claim.reset();
  };

  const openFor = (credit: Credit | null = null) => {
    if (retire.isPending) return;
    reset(credit);
    setOpen(true);
  };

  const onOpenChange = (next: boolean) => {
    if (!next && retire.isPending) return;
    setOpen(next);
  };

  const selectCredit = (id: number) => {
    const credit = activeCredits.find((candidate) => candidate.id === id) ?? null;
    setCreditId(credit?.id ?? null);
    setQuantityText(String(credit?.quantity ?? 1));
  };

  const clampToSelection = () => {
    if (selected) setQuantityText(String(clampQuantity(quantityText, selected.quantity)));
  };

  const submit = () => {
    if (!selected || !reason.trim()) {
      toast({ variant: 'destructive', title: 'Missing Information', description: 'Please select a credit and provide a retirement reason' });
      return;
    }
    if (retire.isPending || claim.problem) return;
    const quantity = clampQuantity(quantityText, selected.quantity);
    setQuantityText(String(quantity));
    retire.mutate(
      { creditId: selected.id, reason: reason.trim(), quantity, ...(beneficiary.trim() ? { beneficiary: beneficiary.trim() } : {}), ...(claim.claim ? { claim: claim.claim } : {}) },
      {
        onSuccess: (result) => {
          if (isPendingApproval(result)) {
            toast({ variant: 'success', title: 'Sent for approval', description: result.message, action: createElement(ToastLinkAction, { href: '/approvals', label: 'View approvals' }) });
            reset(null);
            setOpen(false);
            return;
          }
          toast({
            variant: 'success',
            title: 'Credits Retired',
            description: `${tonnesCo2e(result.quantity)} retired. Certificate ${result.certificateId}`,
            action: createElement(ToastLinkAction, { href: `/certificates/${encodeURIComponent(result.certificateId)}`, label: 'View certificate' }),
          });
          reset(null);
          setOpen(false);
          setDone({ certificateId: result.certificateId, quantity: result.quantity });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Retirement Failed', description: errorMessage(error) }),
      },
    );
  };

  return {
    open,
    onOpenChange,
    openFor,
    activeCredits,
    selected,
    selectCredit,
    quantityText,
    setQuantityText,
    clampToSelection,
    reason,
    setReason,
    beneficiary,
    setBeneficiary,
    claim,
    canSubmit: selected !== null && reason.trim() !== '' && !retire.isPending && !claim.problem,
    pending: retire.isPending,
    done,
    closeDone: () => setDone(null),
    submit,
  };
}

export type RetireFlow = ReturnType<typeof useRetireFlow>;
