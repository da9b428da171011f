import { useEffect, useState } from 'react';
import type { Order } from '@/shared/schemas/trading';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatInteger, formatUsd, humanize } from '@/client/lib/format';
import { useCancelOrder } from '@/client/features/trading/hooks/use-order-actions';
import { useMyOrders } from '@/client/features/trading/hooks/use-my-trading';
import { isAmendable, isLive } from '@/client/features/trading/hooks/order-terms';
import { AmendOrderDialog } from './amend-order-dialog';
import { CancelAllOrders } from './cancel-all-orders';
import { OrderTerms } from './order-terms';
import { TableEmpty, TableLoading } from './table-states';

const STATUS_VARIANT = { open: 'info', partially_filled: 'warning', filled: 'success', cancelled: 'secondary' } as const;

/**
 * SPEC.md §2 My Orders: the user's orders of the selected pair with type, price, filled/quantity and status;
 * Cancel is disabled once an order is filled or cancelled. Issue 31 adds each order's terms (time in force or expiry,
 * post-only, stop and whether it waits), Amend for live orders in the book, and Cancel all for the pair. A table
 * from sm up, one card per order on phones.
 */
export function MyOrdersTable({ projectId, signedIn, markedOrderId = null }: { projectId: number | null; signedIn: boolean; markedOrderId?: number | null }) {
  const orders = useMyOrders(signedIn);
  const cancel = useCancelOrder();
  const [amending, setAmending] = useState<Order | null>(null);
  const loaded = orders.data !== undefined;
  // The order a toast's View order names: scrolled into view once the list has it (the visible one of row and card).
  useEffect(() => {
    if (markedOrderId === null || !loaded) return;
    const marked = [...document.querySelectorAll<HTMLElement>(`[data-order-id="${markedOrderId}"]`)].find((element) => element.offsetParent !== null);
    marked?.scrollIntoView({ block: 'center' });
  }, [markedOrderId, loaded, projectId]);
  if (!signedIn) return <TableEmpty>Sign in to see your orders</TableEmpty>;
  if (orders.isLoading) return <TableLoading />;
  const mine = (orders.data ?? []).filter((order) => order.projectId === projectId);
  if (mine.length === 0) return <TableEmpty>No active orders</TableEmpty>;

  const onCancel = (order: Order) => cancel.mutate(order, {
    onSuccess: () => toast({ title: 'Order Cancelled', description: 'Order has been successfully cancelled' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
  });
  const actions = (order: Order) => (
    <span className="flex shrink-0 flex-col gap-1.5 sm:flex-row sm:justify-end">
      <Button
        size="sm"
        variant="outline"
        disabled={!isAmendable(order)}
        title={isLive(order) && !isAmendable(order) ? 'A waiting stop cannot be amended: cancel it and place a new one' : undefined}
        onClick={() => setAmending(order)}
        aria-label={`Amend ${order.orderType} order of ${order.quantity} at ${formatUsd(order.pricePerCredit)}`}
      >
        Amend
      </Button>
      {cancelButton(order)}
    </span>
  );
  const cancelButton = (order: Order) => (
    <Button
      size="sm"
      variant="outline"
      disabled={order.status === 'filled' || order.status === 'cancelled' || (cancel.isPending && cancel.variables?.id === order.id)}
      onClick={() => onCancel(order)}
      aria-label={`Cancel ${order.orderType} order of ${order.quantity} at ${formatUsd(order.pricePerCredit)}`}
    >
      Cancel
    </Button>
  );
  const typeBadge = (order: Order) => <Badge variant={order.orderType === 'buy' ? 'success' : 'destructive'}>{order.orderType.toUpperCase()}</Badge>;
  const statusBadge = (order: Order) => <Badge variant={STATUS_VARIANT[order.status]}>{humanize(order.status)}</Badge>;

  const live = mine.filter(isLive).length;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 pb-2">
        <p className="text-sm text-muted-foreground" data-testid="live-order-count">{formatInteger(live)} open</p>
        {projectId !== null && <CancelAllOrders projectId={projectId} projectName={mine[0].projectName} liveCount={live} />}
      </div>
      <AmendOrderDialog order={amending} onClose={() => setAmending(null)} />
      <ul className="divide-y divide-border sm:hidden" aria-label="My orders">
        {mine.map((order) => (
          <li key={order.id} data-order-id={order.id} data-marked={order.id === markedOrderId || undefined} aria-current={order.id === markedOrderId || undefined} className={cn('flex items-center justify-between gap-3 py-3', order.id === markedOrderId && 'rounded-md bg-amber-50 px-2 ring-2 ring-amber-300')}>
            <div className="grid min-w-0 gap-1 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                {typeBadge(order)}
                <span className="font-semibold tabular">{formatUsd(order.pricePerCredit)}</span>
              </span>
              <span className="flex flex-wrap items-center gap-2 tabular text-muted-foreground">
                {formatInteger(order.filledQuantity)} / {formatInteger(order.quantity)} filled {statusBadge(order)}
              </span>
              <OrderTerms order={order} />
            </div>
            {actions(order)}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="My orders">
          <TableHeader>
            <TableRow>
              <TableHead>Type</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Filled / Qty</TableHead>
              <TableHead>Terms</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right"><span className="sr-only">Actions</span></TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {mine.map((order) => (
              <TableRow key={order.id} data-order-id={order.id} data-marked={order.id === markedOrderId || undefined} aria-current={order.id === markedOrderId || undefined} className={cn(order.id === markedOrderId && 'bg-amber-50 ring-2 ring-inset ring-amber-300')}>
                <TableCell>{typeBadge(order)}</TableCell>
                <TableCell className="font-semibold tabular">{formatUsd(order.pricePerCredit)}</TableCell>
                <TableCell className="tabular">{formatInteger(order.filledQuantity)} / {formatInteger(order.quantity)}</TableCell>
                <TableCell><OrderTerms order={order} /></TableCell>
                <TableCell>{statusBadge(order)}</TableCell>
                <TableCell className="text-right">{actions(order)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
