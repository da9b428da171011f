/**
 * Display formats of the demos' estimates. The domain has already rounded each value once; these only group
 * thousands (en-US, like the Verification Report) and pad to a fixed number of decimals.
 */
export function formatMeasure(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** As formatMeasure with an explicit "+" for gains; losses keep their "-". */
export function formatSignedMeasure(value: number, decimals: number): string {
  const text = formatMeasure(value, decimals);
  return value > 0 ? `+${text}` : text;
}

/** A fraction 0–1 as a percent with one decimal: 0.123 → "12.3%". */
export function formatFractionPercent(fraction: number): string {
  return `${formatMeasure(fraction * 100, 1)}%`;
}

/** A UTC calendar date "2025-03-07" as "Mar 7, 2025", whatever the viewer's time zone. */
export function formatUtcDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}
