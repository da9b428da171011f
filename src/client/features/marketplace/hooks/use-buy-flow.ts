import { createElement, useState } from 'react';
import type { Project } from '../../../../shared/schemas/project';
import { toast } from '../../../components/ui/use-toast';
import { ToastLinkAction } from '../../../components/toast-link-action';
import { errorMessage } from '../../../lib/api';
import { formatUsd, pluralize } from '../../../lib/format';
import { goToSignIn } from '../../../lib/full-page';
import { useClaimState } from '../../../components/claims/use-claim-state';
import { parseQuantity } from './parse-quantity';
import { usePurchase } from './use-purchase';

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

  const pay = () => {
    if (!signedIn) {
      goToSignIn();
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
