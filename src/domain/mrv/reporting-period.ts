import { HISTORICAL_WINDOW_YEARS, REPORTING_PERIOD_DAYS } from './mrv-constants';

/** A time window; `end` is the reference date itself. */
export interface DateWindow {
  readonly start: Date;
  readonly end: Date;
}

const DAY_MS = 86_400_000;

/**
 * The MRV reporting period: the 365 days (of 24 h each, so leap days are not special) that end at `asOf`.
 * The clock is never read here; the caller passes the reference date.
 */
export function reportingPeriod(asOf: Date): DateWindow {
  return { start: new Date(asOf.getTime() - REPORTING_PERIOD_DAYS * DAY_MS), end: new Date(asOf.getTime()) };
}

/**
 * The historical baseline window: the same UTC calendar day and time 3 years before `asOf`.
 * 29 February maps to 28 February of the (non-leap) target year instead of rolling over into March.
 */
export function historicalWindow(asOf: Date): DateWindow {
  const year = asOf.getUTCFullYear() - HISTORICAL_WINDOW_YEARS;
  const month = asOf.getUTCMonth();
  const lastDayOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const start = new Date(asOf.getTime());
  start.setUTCFullYear(year, month, Math.min(asOf.getUTCDate(), lastDayOfMonth));
  return { start, end: new Date(asOf.getTime()) };
}

/** The UTC calendar date of `date` as `YYYY-MM-DD`. */
export function toUtcDateText(date: Date): string {
  return date.toISOString().slice(0, 10);
}
