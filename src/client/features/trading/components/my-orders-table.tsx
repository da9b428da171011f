import type { Order } from '../../../../shared/schemas/trading';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { formatInteger, formatUsd, humanize } from '../../../lib/format';
import { useCancelOrder } from '../hooks/use-order-actions';
import { useMyOrders } from '../hooks/use-my-trading';
import { TableEmpty, TableLoading } from './table-states';

const STATUS_VARIANT = { open: 'info', partially_filled: 'warning', filled: 'success', cancelled: 'secondary' } as const;

/**
 * SPEC.md §2 My Orders tab: the user's orders of the selected pair with type, price, filled/quantity and status;
 * Cancel is disabled once an order is filled or cancelled.
 */
export function MyOrdersTable({ projectId, signedIn }: { projectId: number | null; signedIn: boolean }) {
  const orders = useMyOrders(signedIn);
  const cancel = useCancelOrder();
  if (!signedIn) return <TableEmpty>Sign in to see your orders</TableEmpty>;
  if (orders.isLoading) return <TableLoading />;
  const mine = (orders.data ?? []).filter((order) => order.projectId === projectId);
  if (mine.length === 0) return <TableEmpty>No active orders</TableEmpty>;

  const onCancel = (order: Order) => cancel.mutate(order, {
    onSuccess: () => toast({ title: 'Order Cancelled', description: 'Order has been successfully cancelled' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
  });

  return (
    <Table aria-label="My orders">
      <TableHeader>
        <TableRow>
          <TableHead className="px-2 sm:px-3">Type</TableHead>
          <TableHead className="px-2 sm:px-3">Price</TableHead>
          <TableHead className="px-2 sm:px-3">Filled / Qty</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
          <TableHead className="px-2 text-right sm:px-3"><span className="sr-only">Actions</span></TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {mine.map((order) => {
          const finished = order.status === 'filled' || order.status === 'cancelled';
          return (
            <TableRow key={order.id} data-order-id={order.id}>
              <TableCell className="px-2 sm:px-3">
                <Badge variant={order.orderType === 'buy' ? 'success' : 'destructive'}>{order.orderType.toUpperCase()}</Badge>
              </TableCell>
              <TableCell className="px-2 font-semibold tabular sm:px-3">{formatUsd(order.pricePerCredit)}</TableCell>
              <TableCell className="px-2 tabular sm:px-3">
                {formatInteger(order.filledQuantity)} / {formatInteger(order.quantity)}
                {/* On narrow screens the status sits under the quantities instead of in its own column. */}
                <span className="mt-1 block sm:hidden"><Badge variant={STATUS_VARIANT[order.status]}>{humanize(order.status)}</Badge></span>
              </TableCell>
              <TableCell className="hidden sm:table-cell"><Badge variant={STATUS_VARIANT[order.status]}>{humanize(order.status)}</Badge></TableCell>
              <TableCell className="px-2 text-right sm:px-3">
                <Button
                  size="sm"
                  variant="outline"
                  className="h-8 px-2.5 sm:h-9 sm:px-3"
                  disabled={finished || (cancel.isPending && cancel.variables?.id === order.id)}
                  onClick={() => onCancel(order)}
                  aria-label={`Cancel ${order.orderType} order of ${order.quantity} at ${formatUsd(order.pricePerCredit)}`}
                >
                  Cancel
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
