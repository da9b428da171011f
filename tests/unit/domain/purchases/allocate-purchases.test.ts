import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePurchases, type ProjectStock, type PurchaseRequest } from '@/domain/purchases/allocate-purchases';
import { ConflictError, InsufficientCreditsError, InsufficientFundsError, NotFoundError } from '@/domain/errors';

const stockOf = (entries: [number, ProjectStock][]) => new Map(entries.map(([id, stock]) => [id, { ...stock }]));

describe('allocatePurchases', () => {
  it('gives each accepted purchase the next contiguous serial range and charges subtotal + 2% fee', () => {
    const stock = stockOf([[1, { priceCents: 1250n, availableCredits: 10, nextSerial: 101 }]]);
    const cash = new Map([[7, 10_000n], [8, 10_000n]]);
    const outcomes = allocatePurchases(stock, cash, [
      { userId: 7, projectId: 1, quantity: 3, priceCents: 1250n },
      { userId: 8, projectId: 1, quantity: 2, priceCents: 1250n },
    ]);
    expect(outcomes).toEqual([
      { ok: true, allocation: { serialStart: 101, serialEnd: 103, cost: { subtotalCents: 3750n, feeCents: 75n, totalCents: 3825n }, cashAfterCents: 6175n } },
      { ok: true, allocation: { serialStart: 104, serialEnd: 105, cost: { subtotalCents: 2500n, feeCents: 50n, totalCents: 2550n }, cashAfterCents: 7450n } },
    ]);
    expect(stock.get(1)).toEqual({ priceCents: 1250n, availableCredits: 5, nextSerial: 106 });
    expect(cash).toEqual(new Map([[7, 6175n], [8, 7450n]]));
  });

  it('refuses, in this order, an unknown project, a changed price, too few credits and too little cash, changing nothing', () => {
    const stock = stockOf([[1, { priceCents: 500n, availableCredits: 4, nextSerial: 1 }]]);
    const cash = new Map([[7, 1_000n]]);
    const outcomes = allocatePurchases(stock, cash, [
      { userId: 7, projectId: 2, quantity: 1, priceCents: 500n },
      { userId: 7, projectId: 1, quantity: 1, priceCents: 499n },
      { userId: 7, projectId: 1, quantity: 5, priceCents: 500n },
      { userId: 7, projectId: 1, quantity: 2, priceCents: 500n },
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? null : outcome.error.constructor))).toEqual([
      NotFoundError, ConflictError, InsufficientCreditsError, InsufficientFundsError,
    ]);
    expect(outcomes[1].ok ? null : outcomes[1].error.message).toBe('The price changed: credits of this project now cost $5.00');
    expect(outcomes[2].ok ? null : outcomes[2].error.message).toBe('Only 4 credits are available for this project');
    expect(stock.get(1)).toEqual({ priceCents: 500n, availableCredits: 4, nextSerial: 1 });
    expect(cash.get(7)).toBe(1_000n);
  });

  it('decides each purchase against what the purchases before it left: the last credits go to the first buyer', () => {
    const stock = stockOf([[1, { priceCents: 100n, availableCredits: 3, nextSerial: 1 }]]);
    const cash = new Map([[1, 10_000n], [2, 10_000n]]);
    const outcomes = allocatePurchases(stock, cash, [
      { userId: 1, projectId: 1, quantity: 2, priceCents: 100n },
      { userId: 2, projectId: 1, quantity: 2, priceCents: 100n },
      { userId: 2, projectId: 1, quantity: 1, priceCents: 100n },
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(stock.get(1)!.availableCredits).toBe(0);
  });

  it('never oversells, never overdraws, issues disjoint serials and conserves cash plus tonnes sold (property)', () => {
    const request = fc.record({
      userId: fc.integer({ min: 1, max: 4 }),
      projectId: fc.integer({ min: 1, max: 3 }),
      quantity: fc.integer({ min: 1, max: 30 }),
      priceCents: fc.constantFrom(100n, 250n, 999n),
    });
    fc.assert(fc.property(fc.array(request, { maxLength: 60 }), fc.array(fc.bigInt({ min: 0n, max: 50_000n }), { minLength: 4, maxLength: 4 }), (requests: PurchaseRequest[], balances) => {
      const stock = stockOf([1, 2, 3].map((id) => [id, { priceCents: id === 3 ? 999n : 250n, availableCredits: 40, nextSerial: 1 }]));
      const cash = new Map(balances.map((balance, index) => [index + 1, balance]));
      const cashBefore = balances.reduce((sum, balance) => sum + balance, 0n);
      const outcomes = allocatePurchases(stock, cash, requests);
      let spent = 0n;
      const ranges = new Map<number, [number, number][]>();
      outcomes.forEach((outcome, index) => {
        if (!outcome.ok) return;
        spent += outcome.allocation.cost.totalCents;
        const list = ranges.get(requests[index].projectId) ?? [];
        list.push([outcome.allocation.serialStart, outcome.allocation.serialEnd]);
        ranges.set(requests[index].projectId, list);
      });
      for (const [projectId, list] of ranges) {
        const sold = list.reduce((sum, [start, end]) => sum + end - start + 1, 0);
        expect(stock.get(projectId)!.availableCredits).toBe(40 - sold);
        list.sort((a, b) => a[0] - b[0]).forEach(([start], index) => expect(start).toBe(index === 0 ? 1 : list[index - 1][1] + 1));
      }
      for (const balance of cash.values()) expect(balance >= 0n).toBe(true);
      expect([...cash.values()].reduce((sum, balance) => sum + balance, 0n) + spent).toBe(cashBefore);
    }));
  });
});
