import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { pluralize } from '@/client/lib/format';
import { useCancelAllOrders } from '@/client/features/trading/hooks/use-order-actions';

/**
 * Cancel all of the user's live orders of this pair (waiting stops included), after a confirmation: POST
 * /api/trading/orders/cancel-all?projectId=. What they locked is back at once.
 */
export function CancelAllOrders({ projectId, projectName, liveCount }: { projectId: number; projectName: string; liveCount: number }) {
  const [confirming, setConfirming] = useState(false);
  const cancelAll = useCancelAllOrders();
  const confirm = () => cancelAll.mutate(projectId, {
    onSuccess: ({ cancelled }) => {
      setConfirming(false);
      toast({ title: 'Orders Cancelled', description: cancelled.length === 0 ? 'No open orders were left to cancel.' : `${pluralize(cancelled.length, 'order')} cancelled; what they locked is yours again.` });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    },
  });
  return (
    <>
      <Button size="sm" variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" disabled={liveCount === 0} onClick={() => setConfirming(true)}>
        Cancel all
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => { if (!open && !cancelAll.isPending) setConfirming(false); }}>
        <DialogContent className="max-w-md" aria-describedby="cancel-all-description">
          <DialogHeader>
            <DialogTitle>Cancel all open orders?</DialogTitle>
            <DialogDescription id="cancel-all-description">
              {pluralize(liveCount, 'open order')} of {projectName}, waiting stops included, will be cancelled. What already traded stays traded.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancelAll.isPending}>Keep them</Button>
            <Button className="bg-red-600 hover:bg-red-700" onClick={confirm} disabled={cancelAll.isPending}>{cancelAll.isPending ? 'Cancelling...' : 'Cancel all orders'}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
