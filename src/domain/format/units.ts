/** Whole numbers with thousands separators: 12000 → `"12,000"`. */
export function formatCount(value: number | null | undefined): string {
  return Math.round(value ?? 0).toLocaleString('en-US');
}

/**
 * `1 certificate`, `2 certificates`, `1,500 credits`: the count with the noun in the number it needs (regular
 * plurals unless `plural` is given). The one rule for counted nouns in the client and in every PDF.
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** Tonnes of CO2 equivalent: `1 tonne CO2e`, `1,500 tonnes CO2e` (one credit is one tonne). */
export function tonnesCo2e(tonnes: number): string {
  return `${pluralize(tonnes, 'tonne')} CO2e`;
}
