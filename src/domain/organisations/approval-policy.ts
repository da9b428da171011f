import { formatCents } from '@/domain/money';

/** An organisation's maker–checker policy; a null field is switched off. */
export interface ApprovalPolicy {
  /** Retirements of at least this many tonnes need an approver. */
  retireTonnes: number | null;
  /** Purchases and orders whose value is above this many cents need an approver. */
  spendCents: bigint | null;
  /** Hours a pending request waits for a decision before it expires. */
  ttlHours: number;
  /** What one member may spend per UTC day (purchases and orders), in cents. */
  dailySpendLimitCents: bigint | null;
}

export const DEFAULT_APPROVAL_TTL_HOURS = 72;

/** No policy: everything runs at once (every personal organisation, and any organisation until an admin sets one). */
export const NO_POLICY: ApprovalPolicy = { retireTonnes: null, spendCents: null, ttlHours: DEFAULT_APPROVAL_TTL_HOURS, dailySpendLimitCents: null };

/**
 * What a gated request is worth: its value in cents against the approval threshold (0 for a retirement), the tonnes it
 * retires (0 for a purchase without retirement), and what it spends against the daily limit (its value unless given:
 * a sell order has a value but spends nothing).
 */
export interface GatedRequest {
  spendCents: bigint;
  retireTonnes: number;
  dailySpendCents?: bigint;
}

export type ApprovalDecision =
  | { kind: 'runs_now' }
  | { kind: 'needs_approval'; reason: string }
  | { kind: 'over_daily_limit'; message: string; limitCents: bigint; leftCents: bigint };

/**
 * Decides whether a request runs now, waits for an approver, or is refused as over the member's daily limit.
 * The daily limit is checked first (an approver cannot lift it); a retirement of at least `retireTonnes` or a spend
 * strictly above `spendCents` needs approval. `spentTodayCents` is the member's spend since UTC midnight.
 * `approved` is true when an approver already accepted this request: then only the daily limit applies.
 */
export function decideApproval(policy: ApprovalPolicy, request: GatedRequest, spentTodayCents: bigint, approved = false): ApprovalDecision {
  const limit = policy.dailySpendLimitCents;
  const spendCents = request.dailySpendCents ?? request.spendCents;
  if (limit !== null && spendCents > 0n && spentTodayCents + spendCents > limit) {
    const leftCents = limit > spentTodayCents ? limit - spentTodayCents : 0n;
    return {
      kind: 'over_daily_limit', limitCents: limit, leftCents,
      message: `This exceeds your daily spend limit of $${formatCents(limit)}: $${formatCents(leftCents)} is left today`,
    };
  }
  if (approved) return { kind: 'runs_now' };
  if (policy.retireTonnes !== null && request.retireTonnes >= policy.retireTonnes) {
    return { kind: 'needs_approval', reason: `retirements of ${policy.retireTonnes} t or more need an approver` };
  }
  if (policy.spendCents !== null && request.spendCents > policy.spendCents) {
    return { kind: 'needs_approval', reason: `spending more than $${formatCents(policy.spendCents)} needs an approver` };
  }
  return { kind: 'runs_now' };
}

/** The start of the UTC day that contains `now`: daily spend limits reset at UTC midnight. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** When a request made at `now` expires under `policy`. */
export function approvalExpiry(policy: ApprovalPolicy, now: Date): Date {
  return new Date(now.getTime() + policy.ttlHours * 3_600_000);
}

/** Nobody approves their own request; only a pending, unexpired request can be decided. */
export function checkDecision(
  request: { requesterId: number; status: string; expiresAt: Date }, deciderId: number, now: Date,
): { ok: true } | { ok: false; kind: 'self' | 'decided' | 'expired'; message: string } {
  if (request.requesterId === deciderId) return { ok: false, kind: 'self', message: 'You cannot approve or reject your own request: another approver must decide it' };
  if (request.status !== 'pending') return { ok: false, kind: 'decided', message: `This request was already decided (${request.status})` };
  if (request.expiresAt.getTime() <= now.getTime()) return { ok: false, kind: 'expired', message: 'This request has expired: ask the requester to send it again' };
  return { ok: true };
}
