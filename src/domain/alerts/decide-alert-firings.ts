import { formatCents } from '@/domain/money';
import { evaluatePriceRule, evaluateValueRule, isPriceKind, type AlertKind } from './evaluate-alert-rule';

export interface RuleState {
  id: number;
  accountId: number;
  projectId: number;
  kind: AlertKind;
  thresholdCents: bigint | null;
  armed: boolean;
  observed: string | null;
  firedCount: number;
}

/** What a rule sees of its project now. */
export interface RuleObservation {
  rule: RuleState;
  projectName: string;
  /** The last trade price (book or pool) in cents; null before the first trade. */
  lastPriceCents: bigint | null;
  ccpLabel: string;
  /** ratingText(rating, onWatch). */
  rating: string;
  /** order_filled rules: the account's orders in the project filled completely since the rule was made and not yet notified. */
  filledOrderIds: readonly number[];
}

export interface AlertFiring {
  ruleId: number;
  accountId: number;
  /** The notification's unique key within its rule: `fire:<n>` or `order:<id>`. */
  occurrence: string;
  kind: AlertKind;
  projectId: number;
  projectName: string;
  message: string;
  data: Record<string, string | number | null>;
}

export interface RuleUpdate {
  id: number;
  armed: boolean;
  observed: string | null;
  firedCount: number;
}

/**
 * Every rule's decision for one observation of its project: the notifications to write (at most one per rule and
 * crossing or change, one per filled order) and the rule's next state. Rules whose state does not move are left out.
 */
export function decideAlertFirings(observations: readonly RuleObservation[]): { firings: AlertFiring[]; updates: RuleUpdate[] } {
  const firings: AlertFiring[] = [];
  const updates: RuleUpdate[] = [];
  for (const observation of observations) {
    const { rule } = observation;
    const base = { ruleId: rule.id, accountId: rule.accountId, kind: rule.kind, projectId: rule.projectId, projectName: observation.projectName };
    if (rule.kind === 'order_filled') {
      for (const orderId of observation.filledOrderIds) {
        firings.push({ ...base, occurrence: `order:${orderId}`, message: `Your order ${orderId} on ${observation.projectName} filled`, data: { orderId } });
      }
      continue;
    }
    const decided = decide(rule, observation);
    if (decided.fire) firings.push({ ...base, occurrence: `fire:${rule.firedCount + 1}`, message: decided.message, data: decided.data });
    const next = { id: rule.id, armed: decided.armed, observed: decided.observed, firedCount: rule.firedCount + (decided.fire ? 1 : 0) };
    if (next.armed !== rule.armed || next.observed !== rule.observed || next.firedCount !== rule.firedCount) updates.push(next);
  }
  return { firings, updates };
}

interface Decision {
  fire: boolean;
  armed: boolean;
  observed: string | null;
  message: string;
  data: Record<string, string | number | null>;
}

function decide(rule: RuleState, observation: RuleObservation): Decision {
  if (isPriceKind(rule.kind)) {
    const threshold = rule.thresholdCents ?? 0n;
    const { fire, armed } = evaluatePriceRule(rule.kind, threshold, rule.armed, observation.lastPriceCents);
    const price = observation.lastPriceCents === null ? null : formatCents(observation.lastPriceCents);
    const side = rule.kind === 'price_above' ? 'rose to' : 'fell to';
    return {
      fire, armed, observed: rule.observed,
      message: `${observation.projectName} ${side} $${price} (your threshold: $${formatCents(threshold)})`,
      data: { price, threshold: formatCents(threshold) },
    };
  }
  const current = rule.kind === 'label_changed' ? observation.ccpLabel : observation.rating;
  const { fire, observed } = evaluateValueRule(rule.observed, current);
  const what = rule.kind === 'label_changed' ? 'label' : 'rating';
  return {
    fire, armed: rule.armed, observed,
    message: `${observation.projectName}: ${what} changed from ${rule.observed ?? 'none'} to ${current}`,
    data: { from: rule.observed, to: current },
  };
}
