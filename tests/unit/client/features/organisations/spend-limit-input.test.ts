import { describe, expect, it } from 'vitest';
import { parseSpendLimit } from '@/client/features/organisations/components/members-card';

describe('a member\'s daily spend limit typed in dollars', () => {
  it('parses dollars to exact cents; blank is the policy\'s limit', () => {
    expect(parseSpendLimit('2500')).toEqual({ cents: 250_000 });
    expect(parseSpendLimit(' $12.34 ')).toEqual({ cents: 1234 });
    expect(parseSpendLimit('0')).toEqual({ cents: 0 });
    expect(parseSpendLimit('')).toEqual({ cents: null });
  });

  it('refuses what is not an amount: negative, fractional cents, words', () => {
    for (const typed of ['-5', '1.234', 'ten', '1e3']) expect(parseSpendLimit(typed), typed).toHaveProperty('error');
  });
});
