import { isPendingApproval } from '@/shared/schemas/approval';
import { createElement, useMemo, useState } from 'react';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import type { Credit } from '@/shared/schemas/credit';
import { withVintages } from '@/client/features/portfolio/components/credit-label';
import { toast } from '@/client/components/ui/use-toast';
import { ToastLinkAction } from '@/client/components/toast-link-action';
import { errorMessage } from '@/client/lib/api';
import { tonnesCo2e } from '@/client/lib/format';
import { useClaimState } from '@/client/components/claims/use-claim-state';
import { useDebouncedValue } from '@/client/hooks/use-debounced-value';
import { clampQuantity } from './clamp-quantity';
import { useRetire } from './use-retire';
import { useChosenLotNow, useRetirableLots } from './use-portfolio-data';

/** How long the lot search waits after the last key before it asks the server. */
const SEARCH_PAUSE_MS = 250;

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
 * The lots offered are read from the server, 50 at a time, narrowed by a search (a project
 * name or a serial): an account may hold thousands of active lots. The lot chosen stays offered while a search shows
 * others.
 */
export function useRetireFlow(account: RetireAccount | null, catalogue: readonly { id: number; vintageYear: number }[] | undefined) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Credit | null>(null);
  const [search, setSearch] = useState('');
  const [quantityText, setQuantityText] = useState('1');
  const [reason, setReason] = useState(DEFAULT_RETIREMENT_REASON);
  const [beneficiary, setBeneficiary] = useState('');
  // The retirement just done, for its end dialog (certificate, print, the real transaction hash).
  const [done, setDone] = useState<{ certificateId: string; quantity: number } | null>(null);
  const retire = useRetire();
  const claim = useClaimState();
  // Read with the page, not on opening, so the dialog offers its lots at once.
  const lots = useRetirableLots(useDebouncedValue(search, SEARCH_PAUSE_MS), account !== null);
  const found = lots.data?.rows;
  // A chosen lot the list does not show is asked after on its own: it may have gone while the dialog was open.
  const listed = chosen !== null && (found ?? []).some((credit) => credit.id === chosen.id);
  const chosenNow = useChosenLotNow(chosen, open && chosen !== null && !listed && !retire.isPending);
  // Gone: no longer offered nor selected, and the dialog says why.
  const gone = chosen !== null && !listed && chosenNow.data === null;
  const choices = useMemo(() => {
    const rows = found ?? [];
    const current = chosenNow.data ?? chosen;
    return withVintages(current && !gone && !listed ? [current, ...rows] : rows, catalogue);
  }, [found, chosen, chosenNow.data, gone, listed, catalogue]);
  const selected = choices.find((credit) => credit.id === chosen?.id) ?? null;

  const reset = (credit: Credit | null) => {
    setChosen(credit);
    setSearch('');
    setQuantityText(String(credit?.quantity ?? 1));
    setReason(DEFAULT_RETIREMENT_REASON);
    setBeneficiary(defaultBeneficiaryName(account));
    claim.reset();
  };

  /** Opens the dialog, on a lot when one is given (a table row's Retire): only an active lot can be retired. */
  const openFor = (credit: Credit | null = null) => {
    if (retire.isPending) return;
    reset(credit?.status === 'active' ? credit : null);
    setOpen(true);
  };

  const onOpenChange = (next: boolean) => {
    if (!next && retire.isPending) return;
    setOpen(next);
  };

  const selectCredit = (id: number) => {
    const credit = choices.find((candidate) => candidate.id === id) ?? null;
    setChosen(credit);
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
    choices,
    /** Active lots matching the search, of which `choices` shows the first 50; null until the first answer. */
    matching: lots.data?.total ?? (lots.data === null ? 0 : null),
    search,
    setSearch,
    selected,
    /** The serials of the chosen lot once it has gone elsewhere (sold, retired) while the dialog was open. */
    goneSerials: gone ? chosen.serialRange : null,
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
