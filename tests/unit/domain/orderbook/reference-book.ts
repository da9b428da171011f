import type { EntityId, OrderSide } from '@/domain/orderbook/order-status';

// A deliberately naive order book used as the oracle in property tests: a flat list of live orders, re-sorted
// on every match. It restates the rules (price-time priority, maker price, cancel-newest self-trade prevention,
// market IOC, limit GTC/IOC/FOK and post-only) in the most obvious way, so that the fast engine can be compared with it step by step.

export interface ReferenceOrder {
  id: EntityId;
  ownerId: EntityId;
  side: OrderSide;
  priceCents: number;
  quantityTonnes: number;
  remainingTonnes: number;
  sequence: number;
}

export interface ReferenceTrade {
  makerId: EntityId;
  takerId: EntityId;
  priceCents: number;
  quantityTonnes: number;
  makerRemainingTonnes: number;
}

export interface ReferenceOutcome {
  trades: ReferenceTrade[];
  restingTonnes: number;
  cancelledTonnes: number;
  selfTradeStopped: boolean;
}

export class ReferenceBook {
  live: ReferenceOrder[] = [];
  private sequence = 0;

  /** Orders of `side` in priority order: best price first, then oldest. */
  ordersOf(side: OrderSide): ReferenceOrder[] {
    const better = side === 'buy' ? -1 : 1;
    return this.live
      .filter((order) => order.side === side)
      .sort((a, b) => (a.priceCents - b.priceCents) * better || a.sequence - b.sequence);
  }

  submit(
    id: EntityId, ownerId: EntityId, side: OrderSide, quantityTonnes: number, limitPriceCents: number | null,
    { timeInForce = 'GTC', postOnly = false }: { timeInForce?: 'GTC' | 'IOC' | 'FOK'; postOnly?: boolean } = {},
  ): ReferenceOutcome {
    const trades: ReferenceTrade[] = [];
    const nothing = { trades, restingTonnes: 0, cancelledTonnes: quantityTonnes, selfTradeStopped: false };
    const opposite = this.ordersOf(side === 'buy' ? 'sell' : 'buy');
    const reaches = (maker: ReferenceOrder) =>
      limitPriceCents === null || (side === 'buy' ? maker.priceCents <= limitPriceCents : maker.priceCents >= limitPriceCents);
    if (postOnly && opposite.length > 0 && reaches(opposite[0])) return nothing;
    if (timeInForce === 'FOK') {
      const ownIndex = opposite.findIndex((maker) => maker.ownerId === ownerId);
      const reachable = (ownIndex < 0 ? opposite : opposite.slice(0, ownIndex)).filter(reaches);
      if (reachable.reduce((sum, maker) => sum + maker.remainingTonnes, 0) < quantityTonnes) return nothing;
    }
    let remainingTonnes = quantityTonnes;
    let selfTradeStopped = false;
    for (const maker of opposite) {
      if (remainingTonnes === 0 || !reaches(maker)) break;
      if (maker.ownerId === ownerId) {
        selfTradeStopped = true;
        break;
      }
      const quantity = Math.min(maker.remainingTonnes, remainingTonnes);
      maker.remainingTonnes -= quantity;
      remainingTonnes -= quantity;
      trades.push({ makerId: maker.id, takerId: id, priceCents: maker.priceCents, quantityTonnes: quantity, makerRemainingTonnes: maker.remainingTonnes });
    }
    this.live = this.live.filter((order) => order.remainingTonnes > 0);
    const rests = remainingTonnes > 0 && !selfTradeStopped && limitPriceCents !== null && timeInForce === 'GTC';
    if (rests) {
      this.live.push({ id, ownerId, side, priceCents: limitPriceCents, quantityTonnes, remainingTonnes, sequence: this.sequence++ });
    }
    return {
      trades,
      restingTonnes: rests ? remainingTonnes : 0,
      cancelledTonnes: rests ? 0 : remainingTonnes,
      selfTradeStopped,
    };
  }

  /** Issue 31 amend: fewer tonnes at the same price keep the place, anything else goes to the back; 'crosses' changes nothing. */
  amend(id: EntityId, priceCents: number, remainingTonnes: number): 'kept' | 'moved' | 'crosses' | 'unknown' {
    const order = this.live.find((candidate) => candidate.id === id);
    if (order === undefined) return 'unknown';
    const filledTonnes = order.quantityTonnes - order.remainingTonnes;
    if (priceCents === order.priceCents && remainingTonnes <= order.remainingTonnes) {
      Object.assign(order, { remainingTonnes, quantityTonnes: filledTonnes + remainingTonnes });
      return 'kept';
    }
    const best = this.ordersOf(order.side === 'buy' ? 'sell' : 'buy')[0];
    if (best && (order.side === 'buy' ? best.priceCents <= priceCents : best.priceCents >= priceCents)) return 'crosses';
    Object.assign(order, { priceCents, remainingTonnes, quantityTonnes: filledTonnes + remainingTonnes, sequence: this.sequence++ });
    return 'moved';
  }

  cancel(id: EntityId): number {
    const order = this.live.find((candidate) => candidate.id === id);
    if (order === undefined) return 0;
    this.live = this.live.filter((candidate) => candidate !== order);
    return order.remainingTonnes;
  }
}
