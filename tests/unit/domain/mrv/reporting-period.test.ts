import { describe, expect, it } from 'vitest';
import { historicalWindow, reportingPeriod, toUtcDateText } from '@/domain/mrv/reporting-period';

describe('reportingPeriod', () => {
  it('covers the 365 days that end at the reference date', () => {
    const asOf = new Date('2025-01-15T10:30:00.000Z');
    const period = reportingPeriod(asOf);
    expect(period.end.toISOString()).toBe('2025-01-15T10:30:00.000Z');
    // 2024 is a leap year, so 365 days back lands on 16 January.
    expect(period.start.toISOString()).toBe('2024-01-16T10:30:00.000Z');
    expect(period.end.getTime() - period.start.getTime()).toBe(365 * 86_400_000);
  });

  it('does not share the caller’s Date object', () => {
    const asOf = new Date('2025-06-01T00:00:00.000Z');
    expect(reportingPeriod(asOf).end).not.toBe(asOf);
  });
});

describe('historicalWindow', () => {
  it('starts on the same calendar day 3 years back', () => {
    const window = historicalWindow(new Date('2025-01-15T10:30:00.000Z'));
    expect(window.start.toISOString()).toBe('2022-01-15T10:30:00.000Z');
    expect(window.end.toISOString()).toBe('2025-01-15T10:30:00.000Z');
  });

  it('maps 29 February to 28 February instead of rolling into March', () => {
    expect(historicalWindow(new Date('2024-02-29T00:00:00.000Z')).start.toISOString()).toBe('2021-02-28T00:00:00.000Z');
  });
});

describe('toUtcDateText', () => {
  it('uses the UTC calendar day', () => {
    expect(toUtcDateText(new Date('2025-01-15T23:59:59.999Z'))).toBe('2025-01-15');
  });
});
