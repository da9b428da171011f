import { and, eq, gte, sql } from 'drizzle-orm';
import { NO_POLICY, utcDayStart, type ApprovalPolicy } from '@/domain/organisations/approval-policy';
import { formatCents, parseCents } from '@/domain/money';
import type { ApprovalPolicyBody, ApprovalPolicyView } from '@/shared/schemas/approval';
import type { Database, Executor } from '@/server/db/client';
import { approvalPolicies, memberSpends } from '@/server/db/schema';

/**
 * Policies are read on every purchase, retirement and order, so they are cached for a few seconds; a change made here
 * drops the entry at once (another instance may apply the old policy for at most POLICY_CACHE_MS).
 */
export const POLICY_CACHE_MS = 5000;
const cached = new Map<number, { policy: ApprovalPolicy | null; expiresAtMs: number }>();

/** The organisation's policy, or null when it has none (then nothing is gated and no spend is recorded). */
export async function findPolicy(db: Executor, accountId: number, now: Date): Promise<ApprovalPolicy | null> {
  const hit = cached.get(accountId);
  if (hit && now.getTime() < hit.expiresAtMs) return hit.policy;
  const [row] = await db.select().from(approvalPolicies).where(eq(approvalPolicies.accountId, accountId)).limit(1);
  const policy = row ? { retireTonnes: row.retireTonnes, spendCents: row.spendCents, ttlHours: row.ttlHours, dailySpendLimitCents: row.dailySpendLimitCents } : null;
  if (cached.size > 50_000) cached.clear();
  cached.set(accountId, { policy, expiresAtMs: now.getTime() + POLICY_CACHE_MS });
  return policy;
}

export function toPolicyView(policy: ApprovalPolicy | null): ApprovalPolicyView {
  const shown = policy ?? NO_POLICY;
  return {
    approvalRetireTonnes: shown.retireTonnes,
    approvalSpend: shown.spendCents === null ? null : formatCents(shown.spendCents),
    approvalTtlHours: shown.ttlHours,
    dailySpendLimit: shown.dailySpendLimitCents === null ? null : formatCents(shown.dailySpendLimitCents),
  };
}

/** Replaces the organisation's policy (every field is sent; null switches a check off). */
export async function setPolicy(db: Database, accountId: number, body: ApprovalPolicyBody, now: Date): Promise<ApprovalPolicyView> {
  const values = {
    retireTonnes: body.approvalRetireTonnes,
    spendCents: body.approvalSpend === null ? null : parseCents(body.approvalSpend),
    ttlHours: body.approvalTtlHours,
    dailySpendLimitCents: body.dailySpendLimit === null ? null : parseCents(body.dailySpendLimit),
    updatedAt: now,
  };
  await db.insert(approvalPolicies).values({ accountId, ...values }).onConflictDoUpdate({ target: approvalPolicies.accountId, set: values });
  cached.delete(accountId);
  return toPolicyView({ ...values });
}

/** What the member spent for the organisation since UTC midnight (purchases and orders), in cents. */
export async function spentToday(db: Executor, accountId: number, userId: number, now: Date): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${memberSpends.valueCents}), 0)::text` }).from(memberSpends)
    .where(and(eq(memberSpends.accountId, accountId), eq(memberSpends.userId, userId), gte(memberSpends.createdAt, utcDayStart(now))));
  return BigInt(row?.total ?? '0');
}

/** Counts a member's spend towards their daily limit (only organisations with a policy keep this record). */
export async function recordSpend(db: Executor, entry: { accountId: number; userId: number; valueCents: bigint }, now: Date): Promise<void> {
  if (entry.valueCents <= 0n) return;
  await db.insert(memberSpends).values({ ...entry, createdAt: now });
}
