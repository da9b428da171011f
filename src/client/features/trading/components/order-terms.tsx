import type { Order } from '@/shared/schemas/trading';
import { Badge } from '@/client/components/ui/badge';
import { formatUsd } from '@/client/lib/format';
import { expiryLabel, isWaitingStop } from '@/client/features/trading/hooks/order-terms';

/**
 * An order's terms in My Orders (issue 31): its time in force (GTD as its expiry), post-only, and a stop's price with
 * whether it still waits for the last trade or has been triggered into the book.
 */
export function OrderTerms({ order }: { order: Order }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="order-terms">
      {order.timeInForce === 'GTD' && order.expiresAt !== null
        ? <span className="whitespace-nowrap text-slate-700" data-testid="order-expiry"><abbr title="Good till date" className="no-underline">GTD</abbr> · {expiryLabel(order.expiresAt)}</span>
        : <abbr title={TIF_TITLES[order.timeInForce]} className="text-slate-700 no-underline">{order.timeInForce}</abbr>}
      {order.postOnly && <Badge variant="outline">Post only</Badge>}
      {order.stopPrice !== null && <StopBadge order={order} />}
    </span>
  );
}

const TIF_TITLES: Record<Order['timeInForce'], string> = {
  GTC: 'Good till cancelled', GTD: 'Good till date', IOC: 'Immediate or cancel', FOK: 'Fill or kill',
};

function StopBadge({ order }: { order: Order }) {
  const kind = order.stopOrderType === 'stop' ? 'Stop' : 'Stop-limit';
  const waiting = isWaitingStop(order);
  const state = waiting ? 'waiting' : order.triggeredAt !== null ? 'triggered' : null;
  return (
    <Badge
      variant={waiting ? 'warning' : 'secondary'}
      data-testid="stop-badge"
      data-stop-state={state ?? undefined}
      title={waiting ? 'Held outside the book until the last trade reaches the stop price' : undefined}
    >
      {kind} {formatUsd(order.stopPrice)}{state && ` · ${state}`}
    </Badge>
  );
}
