import { describe, expect, it } from 'vitest';
import type { Order } from '@/shared/schemas/trading';
import {
  advancedOrderFields, DEFAULT_ADVANCED, postOnlyAllowed, priceNeeded, stopAllowed, timeInForceAllowed, type AdvancedOrder,
} from '@/client/features/trading/hooks/advanced-order';
import { amendKeepsPriority, expiryLabel, isAmendable, isWaitingStop } from '@/client/features/trading/hooks/order-terms';

const advanced = (change: Partial<AdvancedOrder>): AdvancedOrder => ({ ...DEFAULT_ADVANCED, ...change });

describe('advancedOrderFields', () => {
  it('adds nothing to a plain GTC limit order', () => {
    expect(advancedOrderFields(DEFAULT_ADVANCED)).toEqual({ fields: {} });
  });

  it('sends GTD with its expiry as ISO 8601, and asks for the expiry when it is missing', () => {
    const local = '2030-11-28T14:00';
    expect(advancedOrderFields(advanced({ timeInForce: 'GTD', expiresAtLocal: local }))).toEqual({ fields: { timeInForce: 'GTD', expiresAt: new Date(local).toISOString() } });
    expect(advancedOrderFields(advanced({ timeInForce: 'GTD' }))).toEqual({ error: 'Choose when the order expires' });
  });

  it('turns a stop price into a stop-limit, or a stop market order', () => {
    expect(advancedOrderFields(advanced({ stopPriceText: ' 20.50 ' }))).toEqual({ fields: { stopPrice: '20.50' } });
    expect(advancedOrderFields(advanced({ stopPriceText: '20', stopKind: 'market' }))).toEqual({ fields: { stopPrice: '20', type: 'market' } });
    expect(advancedOrderFields(advanced({ stopPriceText: '20.001' }))).toEqual({ error: 'The stop price must be a positive amount with at most 2 decimals' });
  });

  it('never sends a combination the server refuses: post-only only with a GTC order without a stop', () => {
    expect(advancedOrderFields(advanced({ postOnly: true }))).toEqual({ fields: { postOnly: true } });
    expect(advancedOrderFields(advanced({ postOnly: true, timeInForce: 'IOC' }))).toEqual({ fields: { timeInForce: 'IOC' } });
    expect(advancedOrderFields(advanced({ postOnly: true, stopPriceText: '9.00' }))).toEqual({ fields: { stopPrice: '9.00' } });
    expect(postOnlyAllowed(advanced({ timeInForce: 'GTD' }))).toBe(false);
  });

  it('allows a stop only with GTC, and only GTC once a stop price is typed', () => {
    expect(stopAllowed(advanced({ timeInForce: 'FOK' }))).toBe(false);
    expect(timeInForceAllowed(advanced({ stopPriceText: '5' }), 'IOC')).toBe(false);
    expect(timeInForceAllowed(advanced({ stopPriceText: '5' }), 'GTC')).toBe(true);
  });

  it('sends the self-trade prevention mode when it is not the default', () => {
    expect(advancedOrderFields(advanced({ selfTradePrevention: 'skip' }))).toEqual({ fields: { selfTradePrevention: 'skip' } });
  });

  it('needs no price for a sell stop market order only', () => {
    expect(priceNeeded(advanced({ stopPriceText: '5', stopKind: 'market' }), 'sell')).toBe(false);
    expect(priceNeeded(advanced({ stopPriceText: '5', stopKind: 'market' }), 'buy')).toBe(true);
    expect(priceNeeded(advanced({ stopPriceText: '5' }), 'sell')).toBe(true);
  });
});

describe('order terms', () => {
  const order = (change: Partial<Order>) => ({ status: 'open', stopPrice: null, triggeredAt: null, quantity: 10, pricePerCredit: '5.00', ...change }) as Order;

  it('tells a waiting stop from a triggered one, and offers Amend only for orders in the book', () => {
    expect(isWaitingStop(order({ stopPrice: '6.00' }))).toBe(true);
    expect(isWaitingStop(order({ stopPrice: '6.00', triggeredAt: '2030-01-01T00:00:00Z' }))).toBe(false);
    expect(isAmendable(order({ stopPrice: '6.00' }))).toBe(false);
    expect(isAmendable(order({}))).toBe(true);
    expect(isAmendable(order({ status: 'filled' }))).toBe(false);
  });

  it('keeps priority only for fewer tonnes at the same price', () => {
    expect(amendKeepsPriority(order({}), { quantity: 8, currentPriceCents: 500n })).toBe(true);
    expect(amendKeepsPriority(order({}), { quantity: 12, currentPriceCents: 500n })).toBe(false);
    expect(amendKeepsPriority(order({}), { priceCents: 510n, currentPriceCents: 500n })).toBe(false);
  });

  it('writes an expiry as day, month and time, with the year only when it is not this year', () => {
    const at = new Date(2030, 10, 28, 14, 0);
    expect(expiryLabel(at.toISOString(), new Date(2030, 0, 1))).toBe('Expires 28 Nov 14:00');
    expect(expiryLabel(at.toISOString(), new Date(2029, 0, 1))).toBe('Expires 28 Nov 2030 14:00');
  });
});
