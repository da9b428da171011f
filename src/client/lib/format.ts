import { formatCents, parseCents } from '@/domain/money';
import { formatCount } from '@/domain/format/units';

export { pluralize, tonnesCo2e } from '@/domain/format/units';

const EXACT_DECIMAL = /^(-?)(\d+)(?:\.(\d{0,2}))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `"1234.5"` → `"1,234.50"`. Decimal strings with up to 2 places are formatted digit by digit so that large
 * amounts never pass through a float; anything else is rounded once with `toFixed(2)`. Missing → `"0.00"`.
 */
export function formatAmount(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '0.00';
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = EXACT_DECIMAL.exec(text);
  if (!match) {
    const value = Number(text);
    return Number.isFinite(value) ? formatAmount(value.toFixed(2)) : '0.00';
  }
  const [, sign, whole, fraction = ''] = match;
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${isZero ? '' : sign}${groupThousands(whole.replace(/^0+(?=\d)/, ''))}.${fraction.padEnd(2, '0')}`;
}

/** `"1234.5"` → `"$1,234.50"`, `"-3.00"` → `"-$3.00"`. */
export function formatUsd(amount: string | number | null | undefined): string {
  const formatted = formatAmount(amount);
  return formatted.startsWith('-') ? `-$${formatted.slice(1)}` : `$${formatted}`;
}

/** Integer cents → `"$1,234.50"`. */
export function formatUsdCents(cents: bigint): string {
  return formatUsd(formatCents(cents));
}

/** Whole numbers with thousands separators: 12000 → `"12,000"`. */
export function formatInteger(value: number | null | undefined): string {
  return formatCount(value);
}

/** ISO timestamp → `"Nov 22, 2025"`; an unparsable value is shown as it came. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** ISO timestamp → `"Nov 22, 2025 · 14:05 UTC"`: the UTC day, as the activity filters count days. */
export function formatDateTimeUtc(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day} · ${date.toISOString().slice(11, 16)} UTC`;
}

/** `"active"` → `"Active"`. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `"trade_buy"` → `"Trade Buy"`. */
export function humanize(text: string): string {
  return text.split('_').filter(Boolean).map(capitalize).join(' ');
}

/** Exact cents of a decimal money string; null when it is not one (a float is never used for money). */
export function toCents(amount: string | number | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  try {
    return parseCents(amount);
  } catch {
    return null;
  }
}

/** price × quantity to 2 decimals, computed in integer cents: ("12.50", 3) → "37.50". */
export function lineTotal(price: string | number | null | undefined, quantity: number): string {
  const cents = toCents(price);
  if (cents === null || !Number.isSafeInteger(quantity)) return '0.00';
  return formatCents(cents * BigInt(quantity));
}
