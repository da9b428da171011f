import { describe, expect, it } from 'vitest';
import { formatAmount, formatInteger, formatUsd, formatUsdCents, humanize, lineTotal, capitalize, pluralize } from '@/client/lib/format';

describe('formatAmount', () => {
  it.each([
    ['1234.5', '1,234.50'],
    ['0.00', '0.00'],
    ['12', '12.00'],
    ['1234567890123.45', '1,234,567,890,123.45'],
    ['-0.05', '-0.05'],
    ['-0.00', '0.00'],
    ['007.10', '7.10'],
  ])('formats the decimal string %s as %s without a float', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('falls back to 0.00 for missing or unparsable values', () => {
    expect(formatAmount(null)).toBe('0.00');
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount('abc')).toBe('0.00');
  });

  it('rounds numbers and over-precise strings once to 2 places', () => {
    expect(formatAmount(12.345)).toBe('12.35');
    expect(formatAmount('1.999')).toBe('2.00');
  });
});

describe('formatUsd', () => {
  it('puts the sign before the dollar', () => {
    expect(formatUsd('50000.00')).toBe('$50,000.00');
    expect(formatUsd('-3')).toBe('-$3.00');
    expect(formatUsdCents(123456n)).toBe('$1,234.56');
  });
});

describe('lineTotal', () => {
  it('multiplies a price by a quantity in integer cents', () => {
    expect(lineTotal('12.50', 3)).toBe('37.50');
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal('19.99', 1_000_000_000)).toBe('19990000000.00');
  });

  it('is 0.00 for a price that is not money', () => {
    expect(lineTotal(null, 3)).toBe('0.00');
    expect(lineTotal('1.234', 3)).toBe('0.00');
  });
});

describe('text helpers', () => {
  it('capitalises statuses and humanises transaction types', () => {
    expect(capitalize('active')).toBe('Active');
    expect(humanize('trade_buy')).toBe('Trade Buy');
    expect(formatInteger(12000)).toBe('12,000');
  });
});

describe('pluralize', () => {
  it.each([
    [0, '0 trades'],
    [1, '1 trade'],
    [2, '2 trades'],
    [1500, '1,500 trades'],
  ])('%i → %s', (count, expected) => {
    expect(pluralize(count, 'trade')).toBe(expected);
  });
});
