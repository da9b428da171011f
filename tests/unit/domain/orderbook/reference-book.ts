import type { EntityId, OrderSide } from '@/domain/orderbook/order-status';

// A deliberately naive order book used as the oracle in property tests: a flat list of live orders, re-sorted
// on every match. It restates the rules (price-time priority, maker price, the three self-trade prevention modes,
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
  /** Own resting orders cancelled by cancel_oldest, with the tonnes they had. */
  cancelledMakers: { id: EntityId; remainingTonnes: number }[];
}

export type ReferenceStp = 'cancel_newest' | 'cancel_oldest' | 'skip';

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
    { timeInForce = 'GTC', postOnly = false, selfTradePrevention = 'cancel_newest' }: { timeInForce?: 'GTC' | 'IOC' | 'FOK'; postOnly?: boolean; selfTradePrevention?: ReferenceStp } = {},
  ): ReferenceOutcome {
    const trades: ReferenceTrade[] = [];
    const cancelledMakers: ReferenceOutcome['cancelledMakers'] = [];
    const nothing = { trades, restingTonnes: 0, cancelledTonnes: quantityTonnes, selfTradeStopped: false, cancelledMakers };
    const opposite = this.ordersOf(side === 'buy' ? 'sell' : 'buy');
    const reaches = (maker: ReferenceOrder) =>
      limitPriceCents === null || (side === 'buy' ? maker.priceCents <= limitPriceCents : maker.priceCents >= limitPriceCents);
    if (postOnly && opposite.length > 0 && reaches(opposite[0])) return nothing;
    if (timeInForce === 'FOK') {
      const ownIndex = opposite.findIndex((maker) => maker.ownerId === ownerId);
      const reachable = selfTradePrevention === 'cancel_newest'
        ? (ownIndex < 0 ? opposite : opposite.slice(0, ownIndex)).filter(reaches)
        : opposite.filter((maker) => maker.ownerId !== ownerId && reaches(maker));
      if (reachable.reduce((sum, maker) => sum + maker.remainingTonnes, 0) < quantityTonnes) return nothing;
    }
    let remainingTonnes = quantityTonnes;
    let selfTradeStopped = false;
    for (const maker of opposite) {
      if (remainingTonnes === 0 || !reaches(maker)) break;
      if (maker.ownerId === ownerId) {
        if (selfTradePrevention === 'cancel_newest') {
          selfTradeStopped = true;
          break;
        }
        if (selfTradePrevention === 'cancel_oldest') {
          cancelledMakers.push({ id: maker.id, remainingTonnes: maker.remainingTonnes });
          maker.remainingTonnes = 0;
        }
        continue;
      }
      const quantity = Math.min(maker.remainingTonnes, remainingTonnes);
      maker.remainingTonnes -= quantity;
      remainingTonnes -= quantity;
      trades.push({ makerId: maker.id, takerId: id, priceCents: maker.priceCents, quantityTonnes: quantity, makerRemainingTonnes: maker.remainingTonnes });
    }
    this.live = this.live.filter((order) => order.remainingTonnes > 0);
    // A skipping remainder never rests across its owner's own orders (the book would be crossed): it is cancelled.
    if (remainingTonnes > 0 && limitPriceCents !== null && timeInForce === 'GTC' && this.live.some((order) => order.side !== side && reaches(order))) {
      selfTradeStopped = true;
    }
    const rests = remainingTonnes > 0 && !selfTradeStopped && limitPriceCents !== null && timeInForce === 'GTC';
    if (rests) {
      this.live.push({ id, ownerId, side, priceCents: limitPriceCents, quantityTonnes, remainingTonnes, sequence: this.sequence++ });
    }
    return {
      trades,
      restingTonnes: rests ? remainingTonnes : 0,
      cancelledTonnes: rests ? 0 : remainingTonnes,
      selfTradeStopped,
      cancelledMakers,
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
