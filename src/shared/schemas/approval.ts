import { z } from 'zod';
import { dollarsField, moneyString, withoutControlCharacters } from './common';

/** The longest comment an approver can write on a decision. */
export const MAX_APPROVAL_COMMENT_LENGTH = 500;
/** 30 days at most: a request should not wait for a decision longer than that. */
export const MAX_APPROVAL_TTL_HOURS = 24 * 30;
const MAX_POLICY_CENTS = 100_000_000_000n; // $1,000,000,000.00

const policyDollars = (field: string) => dollarsField(field, { minCents: 0n, maxCents: MAX_POLICY_CENTS }).nullable();

/** The organisation's maker–checker policy as the API shows it: dollar amounts as strings; null is off. */
export const approvalPolicy = z.object({
  approvalRetireTonnes: z.number().nullable(),
  approvalSpend: moneyString.nullable(),
  approvalTtlHours: z.number(),
  dailySpendLimit: moneyString.nullable(),
});
export type ApprovalPolicyView = z.infer<typeof approvalPolicy>;

export const approvalPolicyBody = z.strictObject({
  approvalRetireTonnes: z.number({ error: 'approvalRetireTonnes must be a number of tonnes or null' }).int({ error: 'approvalRetireTonnes must be a whole number of tonnes' })
    .min(1, { error: 'approvalRetireTonnes must be at least 1' }).max(1_000_000_000, { error: 'approvalRetireTonnes must be at most 1000000000' }).nullable(),
  approvalSpend: policyDollars('approvalSpend'),
  approvalTtlHours: z.number({ error: 'approvalTtlHours must be a number of hours' }).int({ error: 'approvalTtlHours must be a whole number of hours' })
    .min(1, { error: 'approvalTtlHours must be at least 1' }).max(MAX_APPROVAL_TTL_HOURS, { error: `approvalTtlHours must be at most ${MAX_APPROVAL_TTL_HOURS}` }),
  dailySpendLimit: policyDollars('dailySpendLimit'),
});
export type ApprovalPolicyBody = z.infer<typeof approvalPolicyBody>;

/** One member's own daily spend limit in cents (in place of the policy's); null goes back to the policy's. */
export const memberSpendLimitBody = z.strictObject({
  dailySpendLimitCents: z.number({ error: 'dailySpendLimitCents must be a whole number of cents or null' })
    .int({ error: 'dailySpendLimitCents must be a whole number of cents' }).min(0, { error: 'dailySpendLimitCents must be at least 0' })
    .max(Number(MAX_POLICY_CENTS), { error: `dailySpendLimitCents must be at most ${MAX_POLICY_CENTS}` }).nullable(),
});
export type MemberSpendLimitBody = z.infer<typeof memberSpendLimitBody>;

export const APPROVAL_KINDS = ['purchase', 'retire', 'order', 'market_order'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'failed'] as const;

export const approval = z.object({
  id: z.number(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** One line saying what runs on approval, e.g. "Retire 50 t of credit 12". */
  summary: z.string(),
  /** What it spends (0.00 for a retirement). */
  value: moneyString,
  quantity: z.number(),
  requesterId: z.number(),
  requesterName: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  comment: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why an approved request could not run (lost supply, a changed price). */
  failure: z.string().nullable(),
  /** What the approved request produced. */
  certificateId: z.string().nullable(),
  creditId: z.number().nullable(),
  /** The order an approved order request placed. */
  orderId: z.number().nullable(),
  /** True when the caller may approve or reject it now. */
  canDecide: z.boolean(),
});
export type Approval = z.infer<typeof approval>;

/** The 202 answer of a request that waits for an approver. */
export const pendingApproval = z.object({ approvalId: z.number(), status: z.literal('pending'), message: z.string(), expiresAt: z.string() });
export type PendingApproval = z.infer<typeof pendingApproval>;

export const approvalDecisionBody = z.strictObject({
  comment: z.string({ error: 'comment must be text' }).trim()
    .max(MAX_APPROVAL_COMMENT_LENGTH, { error: `The comment must be at most ${MAX_APPROVAL_COMMENT_LENGTH} characters` })
    .superRefine(withoutControlCharacters('comment', { multiLine: true })).optional(),
});
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBody>;

/** True for the 202 answer of a request that was sent for approval instead of running. */
export function isPendingApproval(answer: unknown): answer is PendingApproval {
  return typeof answer === 'object' && answer !== null && 'approvalId' in answer && (answer as { status?: unknown }).status === 'pending';
}
