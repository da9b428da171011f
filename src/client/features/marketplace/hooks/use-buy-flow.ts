import { isPendingApproval } from '@/shared/schemas/approval';
import { createElement, useEffect, useState } from 'react';
import type { Project } from '@/shared/schemas/project';
import { toast } from '@/client/components/ui/use-toast';
import { ToastLinkAction } from '@/client/components/toast-link-action';
import { errorMessage } from '@/client/lib/api';
import { formatUsd, pluralize } from '@/client/lib/format';
import { goToSignIn } from '@/client/lib/full-page';
import { useClaimState } from '@/client/components/claims/use-claim-state';
import { parseQuantity } from './parse-quantity';
import { usePurchase } from './use-purchase';

/** The query parameter that reopens the buy dialog of a project (the return from sign-in). */
export const BUY_PARAM = 'buy';

/** The current screen with `?buy=<project id>` set, keeping its other parameters. */
function withBuyParam(projectId: number): string {
  const params = new URLSearchParams(window.location.search);
  params.set(BUY_PARAM, String(projectId));
  return `${window.location.pathname}?${params.toString()}`;
}

/**
 * State of the SPEC.md §4 buy flow: which project's dialog is open, the quantity as typed, the processing step
 * and the toasts. The dialog shows the project as it is in the latest catalogue, so a changed price is visible.
 */
export function useBuyFlow(projects: readonly Project[] | undefined, signedIn: boolean) {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [quantityText, setQuantityText] = useState('1');
  const [retireImmediately, setRetireImmediately] = useState(false);
  // A buy-and-retire just done, for the retirement's end dialog.
  const [retired, setRetired] = useState<{ certificateId: string; quantity: number } | null>(null);
  const purchase = usePurchase();
  const claim = useClaimState();
  const project = projects?.find((candidate) => candidate.id === projectId) ?? null;

  const openFor = (selected: Project) => {
    setProjectId(selected.id);
    setQuantityText('1');
    setRetireImmediately(false);
    claim.reset();
    setDialogOpen(true);
  };

  // Back from sign-in with `?buy=<id>`: open that project's dialog once the catalogue has it (during render, as
  // React's "adjust state when the data arrives" pattern), then drop the parameter so that a reload or the back
  // button does not open it again.
  const [reopenId, setReopenId] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(BUY_PARAM)));
  const reopenProject = reopenId === null ? undefined : projects?.find((candidate) => String(candidate.id) === reopenId);
  if (reopenProject) {
    setReopenId(null);
    openFor(reopenProject);
  }
  useEffect(() => {
    if (reopenId !== null) return;
    const params = new URLSearchParams(window.location.search);
    if (!params.has(BUY_PARAM)) return;
    params.delete(BUY_PARAM);
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [reopenId]);

  const pay = () => {
    if (!signedIn) {
      // Back to this dialog after signing in: the page reopens it from `?buy=` (see useReopenBuyDialog).
      goToSignIn(project ? withBuyParam(project.id) : undefined);
      return;
    }
    if (!project || purchase.isPending) return;
    if (retireImmediately && claim.problem) {
      toast({ variant: 'destructive', title: 'Missing Information', description: claim.problem });
      return;
    }
    const quantity = parseQuantity(quantityText);
    setQuantityText(String(quantity));
    setDialogOpen(false);
    purchase.mutate(
      {
        projectId: project.id,
        quantity,
        pricePerCredit: Number(project.pricePerCredit),
        ...(retireImmediately ? { retireImmediately: true, ...(claim.claim ? { claim: claim.claim } : {}) } : {}),
      },
      {
        onSuccess: (result) => {
          if (isPendingApproval(result)) {
            toast({ variant: 'success', title: 'Sent for approval', description: result.message, action: createElement(ToastLinkAction, { href: '/approvals', label: 'View approvals' }) });
            setQuantityText('1');
            setRetireImmediately(false);
            return;
          }
          const certificateId = retireImmediately ? result.certificateId : null;
          toast({
            variant: 'success',
            title: 'Purchase Successful',
            description: `${pluralize(quantity, 'credit')} of ${project.name} for ${formatUsd(result.total)}.${certificateId ? ` Retired immediately, certificate ${certificateId}.` : ''}`,
            action: certificateId
              ? createElement(ToastLinkAction, { href: `/certificates/${encodeURIComponent(certificateId)}`, label: 'View certificate' })
              : createElement(ToastLinkAction, { href: '/portfolio', label: 'View portfolio' }),
          });
          if (certificateId) setRetired({ certificateId, quantity });
          setQuantityText('1');
          setRetireImmediately(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Purchase Failed', description: errorMessage(error) });
          // Back to the form with what the user entered, so they can adjust and retry.
          setDialogOpen(true);
        },
      },
    );
  };

  return {
    project,
    dialogOpen,
    setDialogOpen,
    quantityText,
    setQuantityText,
    retireImmediately,
    setRetireImmediately,
    claim,
    processing: purchase.isPending,
    retired,
    closeRetired: () => setRetired(null),
    openFor,
    pay,
  };
}
