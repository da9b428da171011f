import type { AlertKind, AlertRule } from '@/shared/schemas/alerts';

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  price_above: 'Price rises to',
  price_below: 'Price falls to',
  order_filled: 'An order of mine fills',
  label_changed: 'The CCP label changes',
  rating_changed: 'The rating changes',
};

/** One line describing a rule: "Price rises to $12.00 · Gazi Bay". */
export function describeRule(rule: AlertRule): string {
  return `${ALERT_KIND_LABELS[rule.kind]}${rule.threshold ? ` $${rule.threshold}` : ''} · ${rule.projectName}`;
}
