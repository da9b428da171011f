import { useId } from 'react';
import { Flame, Loader2, Search } from 'lucide-react';
import { MAX_REASON_LENGTH } from '@/shared/constants';
import { MAX_BENEFICIARY_LENGTH } from '@/shared/schemas/certificate';
import { MY_CREDITS_SEARCH_MAX } from '@/shared/schemas/credit';
import { ClaimFields } from '@/client/components/claims/claim-fields';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { formatInteger } from '@/client/lib/format';
import type { RetireFlow } from '@/client/features/portfolio/hooks/use-retire-flow';
import { RETIRE_CHOICES } from '@/client/features/portfolio/hooks/use-portfolio-data';
import { creditLabel, holdingTitle } from './credit-label';

/** SPEC.md §2 Retire dialog: credit, quantity (clamped to the holding), reason, the optional beneficiary and the claim. */
export function RetireDialog({ flow }: { flow: RetireFlow }) {
  const ids = useId();
  const { selected, matching } = flow;
  // A search appears once there are more lots than the list offers, and stays while one is typed.
  const searchable = flow.search !== '' || (matching ?? 0) > RETIRE_CHOICES;
  const placeholder = flow.choices.length > 0 ? 'Select a credit to retire'
    : matching === null ? 'Loading your credits…'
      : flow.search.trim() ? 'No active credits match' : 'No active credits';
  return (
    <Dialog open={flow.open} onOpenChange={flow.onOpenChange}>
      <DialogContent
        className="max-h-[92dvh] max-w-lg overflow-y-auto"
        hideClose={flow.pending}
        onEscapeKeyDown={(event) => flow.pending && event.preventDefault()}
        onInteractOutside={(event) => flow.pending && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Retire Carbon Credits</DialogTitle>
          <DialogDescription>
            Retirement is permanent: the tonnes can never be sold or used again. You receive a verifiable retirement certificate.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            flow.submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-credit`}>Credit</Label>
            {searchable && (
              <div className="relative">
                <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
                <Input
                  type="search"
                  className="pl-9"
                  placeholder="Find by project or serial"
                  aria-label="Find a credit by project or serial"
                  value={flow.search}
                  maxLength={MY_CREDITS_SEARCH_MAX}
                  onChange={(event) => flow.setSearch(event.target.value)}
                  disabled={flow.pending}
                />
              </div>
            )}
            <Select
              value={selected ? String(selected.id) : ''}
              onValueChange={(value) => flow.selectCredit(Number(value))}
              disabled={flow.pending}
            >
              <SelectTrigger id={`${ids}-credit`} aria-label="Credit">
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {flow.choices.map((credit) => (
                  <SelectItem key={credit.id} value={String(credit.id)}>
                    {holdingTitle(credit)} · {formatInteger(credit.quantity)} t · {creditLabel(credit)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {selected && <p className="break-all text-xs text-muted-foreground">Serials {selected.serialRange}</p>}
            {flow.goneSerials && (
              <p className="break-words text-xs text-destructive" role="status">
                Credit {flow.goneSerials} was sold or retired elsewhere: choose another credit.
              </p>
            )}
            {matching !== null && matching > RETIRE_CHOICES && (
              <p className="text-xs text-muted-foreground" aria-live="polite">
                The newest {RETIRE_CHOICES} of {formatInteger(matching)} active lots{flow.search.trim() ? ' that match' : ''}: search to narrow them.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-quantity`}>Quantity (tonnes CO₂e)</Label>
            <Input
              id={`${ids}-quantity`}
              type="number"
              inputMode="numeric"
              min={1}
              max={selected?.quantity ?? 1}
              step={1}
              value={flow.quantityText}
              onChange={(event) => flow.setQuantityText(event.target.value)}
              onBlur={flow.clampToSelection}
              disabled={!selected || flow.pending}
              aria-describedby={`${ids}-quantity-hint`}
            />
            <p id={`${ids}-quantity-hint`} className="text-xs text-muted-foreground">
              {selected ? `1 to ${formatInteger(selected.quantity)}; the lowest serials are retired first` : 'Select a credit first'}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-reason`}>Retirement reason</Label>
            <Input
              id={`${ids}-reason`}
              value={flow.reason}
              maxLength={MAX_REASON_LENGTH}
              onChange={(event) => flow.setReason(event.target.value)}
              disabled={flow.pending}
              aria-invalid={flow.reason.trim() === '' || undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-beneficiary`}>
              Beneficiary <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={`${ids}-beneficiary`}
              value={flow.beneficiary}
              maxLength={MAX_BENEFICIARY_LENGTH}
              onChange={(event) => flow.setBeneficiary(event.target.value)}
              disabled={flow.pending}
              aria-describedby={`${ids}-beneficiary-hint`}
            />
            <p id={`${ids}-beneficiary-hint`} className="text-xs text-muted-foreground">
              Named on the certificate. Retire on behalf of a client, or use a pseudonym.
            </p>
          </div>
          <ClaimFields claim={flow.claim} disabled={flow.pending} />
          <DialogFooter>
            <Button variant="outline" onClick={() => flow.onOpenChange(false)} disabled={flow.pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!flow.canSubmit}>
              {flow.pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Flame aria-hidden="true" />}
              {flow.pending ? 'Retiring...' : 'Retire Credits'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
