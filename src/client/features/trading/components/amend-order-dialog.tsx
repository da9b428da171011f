import { useState } from 'react';
import type { AmendOrderBody, Order } from '@/shared/schemas/trading';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatInteger, formatUsd, toCents } from '@/client/lib/format';
import { amendKeepsPriority } from '@/client/features/trading/hooks/order-terms';
import { parsePriceCents, parseQuantity } from '@/client/features/trading/hooks/order-input';
import { useAmendOrder } from '@/client/features/trading/hooks/use-order-actions';

/**
 * Amend a live order (PATCH /api/trading/orders/:id): a new total quantity and/or price. It says before sending
 * whether the order keeps its place in the queue (fewer tonnes at the same price) or goes to the back; the server's
 * refusal (a price that would trade, a quantity not above what filled) is shown in the dialog, which stays open.
 */
export function AmendOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent className="max-w-md" aria-describedby="amend-order-description">
        {order && <AmendForm key={order.id} order={order} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AmendForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const amend = useAmendOrder();
  const [quantityText, setQuantityText] = useState(String(order.quantity));
  const [priceText, setPriceText] = useState(order.pricePerCredit);
  const currentPriceCents = toCents(order.pricePerCredit) ?? 0n;
  const quantity = parseQuantity(quantityText);
  const priceCents = parsePriceCents(priceText);
  const body: AmendOrderBody = {
    ...(quantity !== null && quantity !== order.quantity ? { quantity } : {}),
    ...(priceCents !== null && priceCents !== currentPriceCents ? { pricePerCredit: priceText.trim() } : {}),
  };
  const changed = body.quantity !== undefined || body.pricePerCredit !== undefined;
  const invalid = quantity === null || priceCents === null;
  const keeps = amendKeepsPriority(order, { quantity: body.quantity, priceCents: body.pricePerCredit === undefined ? undefined : priceCents!, currentPriceCents });

  const submit = () => amend.mutate({ order, body }, {
    onSuccess: (amended) => {
      toast({ variant: 'success', title: 'Order Amended', description: `Now ${formatInteger(amended.quantity)} at ${formatUsd(amended.pricePerCredit)}.` });
      onClose();
    },
  });
  return (
    <form className="grid gap-4" onSubmit={(event) => { event.preventDefault(); if (changed && !invalid) submit(); }}>
      <DialogHeader>
        <DialogTitle>Amend {order.orderType} order</DialogTitle>
        <DialogDescription id="amend-order-description">
          {formatInteger(order.filledQuantity)} of {formatInteger(order.quantity)} filled at {formatUsd(order.pricePerCredit)}. The quantity is the new total, filled tonnes included.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="amend-quantity">New quantity</Label>
          <Input id="amend-quantity" type="number" inputMode="numeric" min={order.filledQuantity + 1} step={1} value={quantityText} onChange={(event) => setQuantityText(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="amend-price">New price per credit</Label>
          <Input id="amend-price" type="number" inputMode="decimal" min={0.01} step={0.01} value={priceText} onChange={(event) => setPriceText(event.target.value)} />
        </div>
      </div>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="amend-priority">
        {!changed ? 'Lowering the quantity keeps your place in the queue; raising it or changing the price moves the order to the back.'
          : keeps ? 'Fewer tonnes at the same price: the order keeps its place in the queue.'
            : 'This loses time priority: the order goes to the back of the queue at its price.'}
      </p>
      {amend.isError && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">{errorMessage(amend.error)}</p>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={amend.isPending}>Cancel</Button>
        <Button type="submit" disabled={!changed || invalid || amend.isPending}>{amend.isPending ? 'Amending...' : 'Amend order'}</Button>
      </DialogFooter>
    </form>
  );
}
