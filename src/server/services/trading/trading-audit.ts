import { systemActor, type AuditActor, type AuditEntryInput } from '@/domain/audit/audit-chain';
import type { LedgerOrder } from '@/domain/trading/ledger-rows';
import type { TradingCommand } from '@/domain/trading/trading-command';
import type { Settled } from '@/server/services/batching-queue';
import type { PlacedOrder } from './run-batch';

/** A trading command with who sent it; the desk's own commands (expiry, stop triggers) carry none. */
export type AuditedCommand = TradingCommand & { actor?: AuditActor };

const ACTIONS: Record<Exclude<TradingCommand['kind'], 'triggers'>, string> = {
  limit: 'order.placed', market: 'order.market', cancel: 'order.cancelled', amend: 'order.amended',
};

/**
 * The audit entries of a batch's accepted commands that carry an actor, in the batch's order: the order as it stands
 * after the command (status, price, quantities) and how many trades it made. A market order that stored nothing names
 * its project instead.
 */
export function tradingAuditEntries(
  projectId: number, commands: readonly AuditedCommand[], outcomes: readonly Settled<PlacedOrder>[], updatedOrders: readonly LedgerOrder[] = [], nowMs = 0,
): AuditEntryInput[] {
  // What the market did in this batch, to orders already stored: stops its last price reached, GTD orders at their end
  // (ended by the sweep's cancel or by the batch itself, whichever met them first).
  const cancelledByPerson = new Set(commands.flatMap((command) => (command.kind === 'cancel' && !command.expiry ? [command.orderId] : [])));
  const byMarket = updatedOrders.flatMap((order) => {
    if (order.isNew) return [];
    if (order.triggeredAtMs === nowMs) return [marketEntry(projectId, order, 'order.stop_triggered')];
    const ended = order.status === 'cancelled' && order.expiresAtMs != null && order.expiresAtMs <= nowMs && !cancelledByPerson.has(order.id);
    return ended ? [marketEntry(projectId, order, 'order.expired')] : [];
  });
  return [...commandEntries(projectId, commands, outcomes), ...byMarket];
}

/** An order the market changed: a stop that entered the book (and may have traded at once), or a GTD order ended. */
function marketEntry(projectId: number, order: LedgerOrder, action: 'order.stop_triggered' | 'order.expired'): AuditEntryInput {
  return {
    actor: systemActor(order.userId), action, targetType: 'order', targetId: String(order.id),
    after: { projectId, side: order.side, status: order.status, quantity: order.quantity, filledQuantity: order.filledQuantity },
  };
}

function commandEntries(projectId: number, commands: readonly AuditedCommand[], outcomes: readonly Settled<PlacedOrder>[]): AuditEntryInput[] {
  return commands.flatMap((command, index) => {
    const outcome = outcomes[index];
    const { actor } = command;
    if (!actor || command.kind === 'triggers' || !outcome.ok) return [];
    const { order, trades } = outcome.value;
    const after = order
      ? {
        projectId, side: order.orderType, status: order.status, pricePerCredit: order.pricePerCredit, quantity: order.quantity,
        filledQuantity: order.filledQuantity, trades: trades.length,
      }
      : { projectId, side: command.kind === 'market' ? command.side : null, quantity: command.kind === 'market' ? command.quantity : null, trades: trades.length };
    return [{
      actor, action: ACTIONS[command.kind], targetType: order ? 'order' : 'project', targetId: String(order?.id ?? projectId), after,
    }];
  });
}
