import { Link } from 'wouter';
import { ToastAction } from '@/client/components/ui/toast';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useCancelOrder } from '@/client/features/trading/hooks/use-order-actions';

/** Where one order is shown: the terminal on its pair, the My Orders tab open and the row marked. */
export const orderHref = (projectId: number, orderId: number) => `/trading?project=${projectId}&tab=orders&order=${orderId}`;

/**
 * The actions of an order's toast: View order, and Undo while the order rests in the book (undo = cancel it, which
 * returns its locked cash or escrowed credits; what already traded stays traded).
 */
export function OrderToastActions({ projectId, orderId, undoable }: { projectId: number; orderId: number; undoable: boolean }) {
  const cancel = useCancelOrder();
  return (
    <div className="flex flex-wrap gap-2">
      <ToastAction altText="View the order in My Orders" asChild>
        <Link href={orderHref(projectId, orderId)}>View order</Link>
      </ToastAction>
      {undoable && (
        <ToastAction
          altText="Undo: cancel the order"
          // Clicking the action closes this toast and unmounts it: callbacks given to mutate() would then never run
          // (TanStack Query drops them on unmount) and the outcome would go unsaid, so the promise says it.
          onClick={() => {
            cancel.mutateAsync({ id: orderId, projectId }).then(
              () => toast({ title: 'Order Cancelled', description: 'The order was taken off the book; what it locked is yours again.' }),
              (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
            );
          }}
        >
          Undo
        </ToastAction>
      )}
    </div>
  );
}
