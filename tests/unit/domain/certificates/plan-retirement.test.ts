import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBeneficiary, planRetirement, type RetirableHolding } from '@/domain/certificates/plan-retirement';
import { ConflictError, InsufficientCreditsError, NotFoundError, ValidationError } from '@/domain/errors';

const holding: RetirableHolding = { id: 7, userId: 1, status: 'active', quantity: 10, serialStart: 101, serialEnd: 110 };

describe('planRetirement', () => {
  it('retires the whole holding by default', () => {
    expect(planRetirement(holding, 1)).toEqual({ quantityTonnes: 10, retired: { serialStart: 101, serialEnd: 110 }, remaining: null });
  });

  it('takes the lowest serials for a partial retirement', () => {
    expect(planRetirement(holding, 1, 3)).toEqual({ quantityTonnes: 3, retired: { serialStart: 101, serialEnd: 103 }, remaining: { serialStart: 104, serialEnd: 110 } });
  });

  it.each([
    ['a missing holding', undefined, 1, 1, NotFoundError],
    ["another user's holding", holding, 2, 1, NotFoundError],
    ['a retired holding', { ...holding, status: 'retired' }, 1, 1, ConflictError],
    ['an escrowed holding', { ...holding, status: 'escrowed' }, 1, 1, ConflictError],
    ['zero tonnes', holding, 1, 0, ValidationError],
    ['a fraction', holding, 1, 2.5, ValidationError],
    ['more than held', holding, 1, 11, InsufficientCreditsError],
  ] as const)('refuses %s', (_name, subject, userId, quantity, error) => {
    expect(() => planRetirement(subject, userId, quantity)).toThrow(error);
  });

  it('always splits into disjoint, contiguous parts that cover the holding', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (start, size, requested) => {
      fc.pre(requested <= size);
      const subject = { ...holding, quantity: size, serialStart: start, serialEnd: start + size - 1 };
      const plan = planRetirement(subject, 1, requested);
      expect(plan.retired.serialEnd - plan.retired.serialStart + 1).toBe(requested);
      if (plan.remaining) {
        expect(plan.remaining.serialStart).toBe(plan.retired.serialEnd + 1);
        expect(plan.remaining.serialEnd).toBe(subject.serialEnd);
      } else {
        expect(plan.retired.serialEnd).toBe(subject.serialEnd);
      }
    }));
  });
});

describe('defaultBeneficiary', () => {
  it('prefers the given name, then the company, then the first name', () => {
    expect(defaultBeneficiary('  Client X ', { companyName: 'Acme', firstName: 'Ada' })).toBe('Client X');
    expect(defaultBeneficiary('   ', { companyName: 'Acme', firstName: 'Ada' })).toBe('Acme');
    expect(defaultBeneficiary(undefined, { companyName: ' ', firstName: 'Ada' })).toBe('Ada');
    expect(defaultBeneficiary(null, { companyName: null, firstName: 'Ada' })).toBe('Ada');
  });
});
