import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalExpiry, checkDecision, decideApproval, NO_POLICY, utcDayStart, type ApprovalPolicy } from '@/domain/organisations/approval-policy';

const policy: ApprovalPolicy = { retireTonnes: 10, spendCents: 100_000n, ttlHours: 72, dailySpendLimitCents: 500_000n };

describe('decideApproval', () => {
  it.each([
    ['a small retirement', { spendCents: 0n, retireTonnes: 9 }, 0n, 'runs_now'],
    ['a retirement at the threshold', { spendCents: 0n, retireTonnes: 10 }, 0n, 'needs_approval'],
    ['a purchase at the spend threshold', { spendCents: 100_000n, retireTonnes: 0 }, 0n, 'runs_now'],
    ['a purchase a cent above it', { spendCents: 100_001n, retireTonnes: 0 }, 0n, 'needs_approval'],
    ['a purchase that uses the whole day’s limit', { spendCents: 100_000n, retireTonnes: 0 }, 400_000n, 'runs_now'],
    ['a purchase a cent over the day’s limit', { spendCents: 100_000n, retireTonnes: 0 }, 400_001n, 'over_daily_limit'],
    ['a retirement when the limit is used up (it spends nothing)', { spendCents: 0n, retireTonnes: 1 }, 900_000n, 'runs_now'],
  ] as const)('%s', (_name, request, spent, kind) => {
    expect(decideApproval(policy, request, spent).kind).toBe(kind);
  });

  it('names the limit and what is left when over it', () => {
    expect(decideApproval(policy, { spendCents: 200_000n, retireTonnes: 0 }, 450_000n)).toEqual({
      kind: 'over_daily_limit', limitCents: 500_000n, leftCents: 50_000n,
      message: 'This exceeds your daily spend limit of $5000.00: $500.00 is left today',
    });
  });

  it('an approved request only has to stay within the daily limit', () => {
    expect(decideApproval(policy, { spendCents: 200_000n, retireTonnes: 50 }, 0n, true).kind).toBe('runs_now');
    expect(decideApproval(policy, { spendCents: 200_000n, retireTonnes: 0 }, 400_000n, true).kind).toBe('over_daily_limit');
  });

  it('without a policy everything runs now', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 1e9 }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (spendCents, retireTonnes, spent) => {
      expect(decideApproval(NO_POLICY, { spendCents, retireTonnes }, spent).kind).toBe('runs_now');
    }));
  });

  it('never lets a member spend past the limit in one day', () => {
    fc.assert(fc.property(fc.array(fc.bigInt({ min: 1n, max: 300_000n }), { maxLength: 20 }), (requests) => {
      let spent = 0n;
      for (const spendCents of requests) if (decideApproval(policy, { spendCents, retireTonnes: 0 }, spent).kind !== 'over_daily_limit') spent += spendCents;
      expect(spent <= 500_000n).toBe(true);
    }));
  });
});

describe('checkDecision', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const pending = { requesterId: 1, status: 'pending', expiresAt: new Date('2026-11-28T11:00:00Z') };
  it('refuses the requester, a decided request and an expired one', () => {
    expect(checkDecision(pending, 2, now)).toEqual({ ok: true });
    expect(checkDecision(pending, 1, now)).toMatchObject({ ok: false, kind: 'self' });
    expect(checkDecision({ ...pending, status: 'approved' }, 2, now)).toMatchObject({ ok: false, kind: 'decided', message: 'This request was already decided (approved)' });
    expect(checkDecision(pending, 2, pending.expiresAt)).toMatchObject({ ok: false, kind: 'expired' });
  });
});

describe('days and expiry', () => {
  it('a day starts at UTC midnight; a request expires ttlHours later', () => {
    expect(utcDayStart(new Date('2026-11-28T23:59:59.999Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(approvalExpiry({ ...policy, ttlHours: 72 }, new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
});
