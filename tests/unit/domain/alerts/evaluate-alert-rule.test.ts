import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS, evaluatePriceRule, evaluateValueRule, initialArmed, isBeyond, ratingText, type PriceAlertKind,
} from '@/domain/alerts/evaluate-alert-rule';
import { decideAlertFirings, type RuleObservation } from '@/domain/alerts/decide-alert-firings';
import { ALERT_KINDS as API_ALERT_KINDS } from '@/shared/schemas/alerts';

describe('evaluatePriceRule', () => {
  it.each([
    // kind, threshold, armed, price → fire, armed
    ['price_above', 1200n, true, 1199n, false, true],
    ['price_above', 1200n, true, 1200n, true, false],
    ['price_above', 1200n, false, 1300n, false, false],
    ['price_above', 1200n, false, 1199n, false, true],
    ['price_below', 1200n, true, 1201n, false, true],
    ['price_below', 1200n, true, 1200n, true, false],
    ['price_below', 1200n, false, 1100n, false, false],
    ['price_below', 1200n, false, 1201n, false, true],
    ['price_above', 1200n, true, null, false, true],
  ] as const)('%s %s armed=%s at %s: fire=%s, armed=%s', (kind, threshold, armed, price, fire, nextArmed) => {
    expect(evaluatePriceRule(kind, threshold, armed, price)).toEqual({ fire, armed: nextArmed });
  });

  it('arms a new rule unless the price already stands beyond the threshold', () => {
    expect(initialArmed('price_above', 1000n, 999n)).toBe(true);
    expect(initialArmed('price_above', 1000n, 1000n)).toBe(false);
    expect(initialArmed('price_below', 1000n, 1001n)).toBe(true);
    expect(initialArmed('price_below', 1000n, null)).toBe(true);
  });

  // fast-check prints the seed and path of a failing run, so a failure can be replayed with { seed, path }.
  it('fires exactly once per crossing from the near side to beyond, whatever the sequence of prices', () => {
    const kind = fc.constantFrom<PriceAlertKind>('price_above', 'price_below');
    const cents = fc.bigInt({ min: 1n, max: 3000n });
    fc.assert(fc.property(kind, cents, fc.option(cents, { nil: null }), fc.array(fc.option(cents, { nil: null }), { maxLength: 60 }), (k, threshold, start, prices) => {
      let armed = initialArmed(k, threshold, start);
      let previous = start;
      let fires = 0;
      let crossings = 0;
      let firedSinceNear = false;
      for (const price of prices) {
        const decision = evaluatePriceRule(k, threshold, armed, price);
        armed = decision.armed;
        if (price === null) { expect(decision.fire).toBe(false); continue; }
        const beyond = isBeyond(k, threshold, price);
        // A crossing: beyond now, and on the near side at the last observed price (or no price before).
        if (beyond && (previous === null || !isBeyond(k, threshold, previous))) crossings += 1;
        if (decision.fire) {
          fires += 1;
          expect(beyond).toBe(true);
          expect(firedSinceNear).toBe(false);
          firedSinceNear = true;
        }
        if (!beyond) firedSinceNear = false;
        previous = price;
      }
      expect(fires).toBe(crossings);
    }));
  });
});

describe('evaluateValueRule', () => {
  it('fires on a change, not on the same value or the first observation', () => {
    expect(evaluateValueRule('pending', 'approved')).toEqual({ fire: true, observed: 'approved' });
    expect(evaluateValueRule('approved', 'approved')).toEqual({ fire: false, observed: 'approved' });
    expect(evaluateValueRule(null, 'approved')).toEqual({ fire: false, observed: 'approved' });
  });

  it('fires once per change in any sequence of values', () => {
    fc.assert(fc.property(fc.constantFrom('a', 'b', 'c'), fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 40 }), (first, values) => {
      let observed: string | null = first;
      let fires = 0;
      let changes = 0;
      for (const value of values) {
        if (value !== observed) changes += 1;
        const decision = evaluateValueRule(observed, value);
        if (decision.fire) fires += 1;
        observed = decision.observed;
      }
      expect(fires).toBe(changes);
    }));
  });

  it('reads a rating with its watch flag', () => {
    expect(ratingText('BB', true)).toBe('BB (on watch)');
    expect(ratingText(null, false)).toBe('unrated');
  });
});

describe('decideAlertFirings', () => {
  const base = { projectName: 'Gazi Bay', lastPriceCents: 1300n, ccpLabel: 'approved', rating: 'A', filledOrderIds: [] };
  const rule = { id: 7, accountId: 3, projectId: 5, thresholdCents: 1200n, armed: true, observed: null, firedCount: 2 };

  it('numbers a price firing after the rule\'s previous ones and disarms the rule', () => {
    const observation: RuleObservation = { ...base, rule: { ...rule, kind: 'price_above' } };
    expect(decideAlertFirings([observation])).toEqual({
      firings: [{
        ruleId: 7, accountId: 3, occurrence: 'fire:3', kind: 'price_above', projectId: 5, projectName: 'Gazi Bay',
        message: 'Gazi Bay rose to $13.00 (your threshold: $12.00)', data: { price: '13.00', threshold: '12.00' },
      }],
      updates: [{ id: 7, armed: false, observed: null, firedCount: 3 }],
    });
  });

  it('keys one firing per filled order and leaves the rule as it is', () => {
    const observation: RuleObservation = { ...base, filledOrderIds: [11, 12], rule: { ...rule, kind: 'order_filled', thresholdCents: null } };
    const decided = decideAlertFirings([observation]);
    expect(decided.firings.map((firing) => [firing.occurrence, firing.data])).toEqual([['order:11', { orderId: 11 }], ['order:12', { orderId: 12 }]]);
    expect(decided.updates).toEqual([]);
  });

  it('writes nothing for a rule whose state does not move', () => {
    const observation: RuleObservation = { ...base, rule: { ...rule, kind: 'label_changed', thresholdCents: null, observed: 'approved' } };
    expect(decideAlertFirings([observation])).toEqual({ firings: [], updates: [] });
  });

  it('knows the same kinds as the API', () => {
    expect([...ALERT_KINDS]).toEqual([...API_ALERT_KINDS]);
  });
});
