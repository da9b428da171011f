import { useId } from 'react';
import { Wallet } from 'lucide-react';
import type { Project } from '@/shared/schemas/project';
import { PROJECT_TYPE_LABELS, STANDARD_LABELS } from '@/shared/constants';
import { purchaseCost } from '@/domain/fees';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { ClaimFields } from '@/client/components/claims/claim-fields';
import type { ClaimFieldsState } from '@/client/components/claims/use-claim-state';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { formatInteger, formatUsd, pluralize, toCents } from '@/client/lib/format';
import { parseQuantity } from '@/client/features/marketplace/hooks/parse-quantity';
import { CostBreakdown } from './cost-breakdown';

export interface BuyDialogProps {
  project: Project | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The quantity as typed; `parseQuantity` turns it into tonnes. */
  quantityText: string;
  onQuantityTextChange: (text: string) => void;
  retireImmediately: boolean;
  onRetireImmediatelyChange: (retire: boolean) => void;
  /** The retirement claim, asked for when retiring immediately. */
  claim?: ClaimFieldsState;
  /** Null when signed out: paying then leads to sign in. */
  cashBalance: string | null;
  onPay: () => void;
}

/** SPEC.md §2 Buy dialog: quantity, read-only price, subtotal, 2% fee, total, Pay with Wallet. */
export function BuyDialog(props: BuyDialogProps) {
  const { project, open, onOpenChange, quantityText, onQuantityTextChange, retireImmediately, onRetireImmediatelyChange, cashBalance, onPay } = props;
  const ids = useId();
  if (!project) return null;
  const quantity = parseQuantity(quantityText);
  const cost = purchaseCost(toCents(project.pricePerCredit) ?? 0n, quantity);
  const exceedsAvailable = quantity > project.availableCredits;
  const exceedsCash = cashBalance !== null && (toCents(cashBalance) ?? 0n) < cost.totalCents;
  // Pay is disabled, with the reason said above it, rather than failing after the processing animation.
  const blockedReason = exceedsAvailable
    ? `Pay is disabled: only ${pluralize(project.availableCredits, 'credit')} ${project.availableCredits === 1 ? 'is' : 'are'} available.`
    : exceedsCash
      ? `Pay is disabled: the total is more than your cash balance of ${formatUsd(cashBalance)}.`
      : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Buy Carbon Credits</DialogTitle>
          <DialogDescription>
            {project.name} · {PROJECT_TYPE_LABELS[project.projectType] ?? project.projectType} ·{' '}
            {STANDARD_LABELS[project.standard] ?? project.standard} · Vintage {project.vintageYear}
          </DialogDescription>
        </DialogHeader>
        {/* noValidate: the max (availability) is advisory (SPEC.md §5); the server answers an over-large order. */}
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!blockedReason) onPay();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-quantity`}>Quantity (credits)</Label>
              <Input
                id={`${ids}-quantity`}
                type="number"
                inputMode="numeric"
                min={1}
                max={project.availableCredits}
                step={1}
                value={quantityText}
                onChange={(event) => onQuantityTextChange(event.target.value)}
                onBlur={() => onQuantityTextChange(String(quantity))}
                aria-describedby={`${ids}-quantity-hint`}
                aria-invalid={exceedsAvailable || undefined}
              />
              <p id={`${ids}-quantity-hint`} className={exceedsAvailable ? 'text-xs font-medium text-amber-800' : 'text-xs text-muted-foreground'}>
                {exceedsAvailable
                  ? `Only ${pluralize(project.availableCredits, 'credit')} ${project.availableCredits === 1 ? 'is' : 'are'} available`
                  : `${formatInteger(project.availableCredits)} available · 1 credit = 1 t CO₂e`}
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${ids}-price`}>Price per Credit</Label>
              <Input id={`${ids}-price`} value={formatUsd(project.pricePerCredit)} readOnly aria-readonly="true" className="tabular" />
            </div>
          </div>
          <CostBreakdown cost={cost} />
          <div className="flex items-start gap-3 rounded-lg border border-border p-3">
            <Checkbox
              id={`${ids}-retire`}
              checked={retireImmediately}
              onCheckedChange={(checked) => onRetireImmediatelyChange(checked === true)}
              className="mt-0.5"
              aria-describedby={`${ids}-retire-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-retire`}>Retire immediately</Label>
              <p id={`${ids}-retire-hint`} className="text-xs text-muted-foreground">
                Retire these credits on purchase and receive a retirement certificate.
              </p>
            </div>
          </div>
          {retireImmediately && props.claim && <ClaimFields claim={props.claim} />}
          <p id={`${ids}-pay-note`} className="text-xs text-muted-foreground" role={blockedReason ? 'alert' : undefined}>
            {blockedReason ? (
              <span className="font-medium text-amber-800">{blockedReason}</span>
            ) : cashBalance === null ? (
              'You will be asked to sign in before paying.'
            ) : (
              <>
                Paid from your demo cash balance of <span className="font-medium text-slate-800 tabular">{formatUsd(cashBalance)}</span>.
              </>
            )}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={blockedReason !== null} aria-describedby={`${ids}-pay-note`}>
              <Wallet aria-hidden="true" />
              Pay with Wallet
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
