import { useState } from 'react';
import { Banknote, Leaf } from 'lucide-react';
import type { MarketOrderQuote, OrderType } from '@/shared/schemas/trading';
import { isPendingApproval, type PendingApproval } from '@/shared/schemas/approval';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatInteger, formatUsd, formatUsdCents } from '@/client/lib/format';
import { formatCents } from '@/domain/money';
import { marketOrderOutcome } from '@/client/features/trading/hooks/market-order-outcome';
import { parseQuantity, totalValueCents } from '@/client/features/trading/hooks/order-input';
import { advancedOrderFields, placedDescription, priceNeeded } from '@/client/features/trading/hooks/advanced-order';
import type { OrderForm } from '@/client/features/trading/hooks/use-order-form';
import { useMarketOrder, usePlaceOrder } from '@/client/features/trading/hooks/use-order-actions';
import { signInHref } from '@/client/lib/full-page';
import type { MarketOrderRequest } from '@/client/features/trading/hooks/use-market-order-quote';
import { MarketOrderDialog } from './market-order-dialog';
import { OrderAdvancedFields } from './order-advanced-fields';
import { OrderToastActions } from './order-toast-actions';
import { ToastLinkAction } from '@/client/components/toast-link-action';

interface OrderPanelProps {
  projectId: number | null;
  signedIn: boolean;
  cashBalance: string | null;
  availableCredits: number;
  /** The form's fields, held by the page so that a click in the order book can fill them. */
  form: OrderForm;
  className?: string;
}

const failed = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
// Issue 30: over the organisation's threshold the order waits for an approver instead of being placed.
const sentForApproval = (pending: PendingApproval) => toast({
  variant: 'success', title: 'Sent for approval', description: pending.message, action: <ToastLinkAction href="/approvals" label="View approvals" />,
});

/**
 * SPEC.md §2 Place Order panel: Buy/Sell tabs, Quantity, Price per Credit, the limit button (Creating... while
 * pending), Market Buy and Market Sell, and the Total Value preview. The cash balance and the credits of the pair
 * that can be sold are shown too, so the user knows what an order can lock before placing it.
 */
export function OrderPanel({ projectId, signedIn, cashBalance, availableCredits, form, className }: OrderPanelProps) {
  const { side, setSide, quantityText, setQuantityText, priceText, setPriceText, advanced, updateAdvanced } = form;
  const placeOrder = usePlaceOrder();
  const marketOrder = useMarketOrder();
  const [marketRequest, setMarketRequest] = useState<MarketOrderRequest | null>(null);
  const total = totalValueCents({ quantityText, priceText });
  const busy = placeOrder.isPending || marketOrder.isPending || projectId === null;

  const submitLimit = () => {
    const quantity = parseQuantity(quantityText);
    const withPrice = priceNeeded(advanced, side);
    if (projectId === null || quantity === null || (withPrice && priceText.trim() === '')) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please fill in all fields' });
      return;
    }
    const extra = advancedOrderFields(advanced);
    if ('error' in extra) {
      toast({ variant: 'destructive', title: 'Error', description: extra.error });
      return;
    }
    placeOrder.mutate(
      {
        projectId, orderType: side, quantity, ...(withPrice ? { pricePerCredit: priceText.trim() } : {}),
        ...(withPrice && total !== null ? { totalValue: formatCents(total) } : {}), remainingQuantity: quantity, ...extra.fields,
      },
      {
        onSuccess: (response) => {
          if (isPendingApproval(response)) {
            sentForApproval(response);
            setQuantityText('');
            setPriceText('');
            return;
          }
          const { order } = response;
          toast({
            variant: 'success',
            title: 'Order Created',
            description: placedDescription(response),
            action: <OrderToastActions projectId={order.projectId} orderId={order.id} undoable={order.status === 'open' || order.status === 'partially_filled'} />,
          });
          setQuantityText('');
          setPriceText('');
          updateAdvanced({ stopPriceText: '' });
        },
        onError: failed,
      },
    );
  };

  // A market order is previewed first (MarketOrderDialog) and sent on Confirm.
  const submitMarket = (orderType: OrderType) => {
    const quantity = parseQuantity(quantityText);
    if (projectId === null || quantity === null) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter quantity' });
      return;
    }
    setMarketRequest({ projectId, orderType, quantity });
  };

  const confirmMarket = (quote: MarketOrderQuote) => {
    if (!marketRequest) return;
    const { projectId: pair, orderType, quantity } = marketRequest;
    marketOrder.mutate({ projectId: pair, orderType, quantity }, {
      onSuccess: (trades) => {
        setMarketRequest(null);
        if (isPendingApproval(trades)) {
          sentForApproval(trades);
          setQuantityText('');
          return;
        }
        const { orderId, ...outcome } = marketOrderOutcome(trades, orderType, quantity, quote.ownOrder);
        // A book fill is stored as the taker's order; a pool-only fill is a trade without one.
        const action = orderId !== null ? <OrderToastActions projectId={pair} orderId={orderId} undoable={false} />
          : trades.length > 0 ? <ToastLinkAction href={`/trading?project=${pair}&tab=trades`} label="View trades" /> : undefined;
        toast({ ...outcome, ...(action ? { action } : {}) });
        // Nothing filled: the quantity stays, so the user can turn it into a limit order.
        if (trades.length > 0) setQuantityText('');
      },
      onError: (error) => {
        setMarketRequest(null);
        failed(error);
      },
    });
  };

  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Place Order</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ToggleGroup<OrderType>
          label="Order side"
          value={side}
          onValueChange={setSide}
          options={[
            { value: 'buy', label: 'Buy', activeClassName: 'text-emerald-800' },
            { value: 'sell', label: 'Sell', activeClassName: 'text-red-700' },
          ]}
        />
        {signedIn ? (
          <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
            <div className="min-w-0">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground"><Banknote className="size-3.5" aria-hidden="true" />Cash balance</dt>
              <dd className="truncate font-semibold tabular text-slate-900" data-testid="cash-balance">{formatUsd(cashBalance)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground"><Leaf className="size-3.5" aria-hidden="true" />Available credits</dt>
              <dd className="truncate font-semibold tabular text-slate-900" data-testid="available-credits">{formatInteger(availableCredits)} t</dd>
            </div>
          </dl>
        ) : (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <a href={signInHref(projectId === null ? '/trading' : `/trading?project=${projectId}`)} className="font-medium underline underline-offset-2">Sign in</a> to place orders.
          </p>
        )}
        <div className="grid gap-2">
          <Label htmlFor="order-quantity">Quantity</Label>
          <Input id="order-quantity" type="number" inputMode="numeric" min={1} step={1} placeholder="Credits (tonnes)" value={quantityText} onChange={(event) => setQuantityText(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="order-price">Price per Credit</Label>
          <Input
            id="order-price" type="number" inputMode="decimal" min={0.01} step={0.01}
            placeholder={priceNeeded(advanced, side) ? '0.00' : 'Not used: a stop sells at market'} disabled={!priceNeeded(advanced, side)}
            value={priceNeeded(advanced, side) ? priceText : ''} onChange={(event) => setPriceText(event.target.value)}
          />
        </div>
        <OrderAdvancedFields advanced={advanced} onChange={updateAdvanced} side={side} />
        <div className="flex items-center justify-between rounded-lg border border-border px-3 py-2 text-sm">
          <span className="text-muted-foreground">Total Value</span>
          <span className="font-semibold tabular text-slate-900" data-testid="total-value">{total === null ? '$0.00' : formatUsdCents(total)}</span>
        </div>
        <Button className={side === 'sell' ? 'w-full bg-red-600 hover:bg-red-700' : 'w-full'} onClick={submitLimit} disabled={busy}>
          {placeOrder.isPending ? 'Creating...' : `Place ${side.toUpperCase()} Order`}
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" className="border-emerald-300 text-emerald-800 hover:bg-emerald-50" onClick={() => submitMarket('buy')} disabled={busy}>
            Market Buy
          </Button>
          <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" onClick={() => submitMarket('sell')} disabled={busy}>
            Market Sell
          </Button>
        </div>
        <MarketOrderDialog request={marketRequest} pending={marketOrder.isPending} onCancel={() => setMarketRequest(null)} onConfirm={confirmMarket} />
      </CardContent>
    </Card>
  );
}
