import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { ForbiddenError } from '@/domain/errors';
import { decideApproval, NO_POLICY, utcDayStart, type ApprovalPolicy } from '@/domain/organisations/approval-policy';
import { formatCents, parseCents } from '@/domain/money';
import type { ApprovalPolicyBody, ApprovalPolicyView } from '@/shared/schemas/approval';
import type { Database, Executor } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { approvalPolicies, memberSpends, organisationMembers } from '@/server/db/schema';

/**
 * Policies are read on every purchase, retirement and order, so they are cached for a few seconds; a change made here
 * drops the entry at once (another instance may apply the old policy for at most POLICY_CACHE_MS).
 */
export const POLICY_CACHE_MS = 5000;
const cached = new Map<number, { policy: OrganisationPolicy | null; expiresAtMs: number }>();

/** The policy with the members' own daily limits, which replace its `dailySpendLimitCents` for them. */
export interface OrganisationPolicy extends ApprovalPolicy {
  memberLimitsCents: ReadonlyMap<number, bigint>;
}

/** The policy as it applies to one member: their own daily limit, if an admin set one, else the organisation's. */
export function policyForMember(policy: OrganisationPolicy, userId: number): ApprovalPolicy {
  const own = policy.memberLimitsCents.get(userId);
  return own === undefined ? policy : { ...policy, dailySpendLimitCents: own };
}

/**
 * The organisation's policy, or null when it has none (then nothing is gated and no spend is recorded). A member's
 * own daily limit counts as a policy too (with no thresholds), so a limit set on one member applies without one.
 */
export async function findPolicy(db: Executor, accountId: number, now: Date): Promise<OrganisationPolicy | null> {
  const hit = cached.get(accountId);
  if (hit && now.getTime() < hit.expiresAtMs) return hit.policy;
  const [row] = await db.select().from(approvalPolicies).where(eq(approvalPolicies.accountId, accountId)).limit(1);
  const limited = await db.select({ userId: organisationMembers.userId, limit: organisationMembers.dailySpendLimitCents }).from(organisationMembers)
    .where(and(eq(organisationMembers.accountId, accountId), isNotNull(organisationMembers.dailySpendLimitCents)));
  const memberLimitsCents = new Map(limited.map((member) => [member.userId, member.limit!]));
  const policy = row
    ? { retireTonnes: row.retireTonnes, spendCents: row.spendCents, ttlHours: row.ttlHours, dailySpendLimitCents: row.dailySpendLimitCents, memberLimitsCents }
    : memberLimitsCents.size > 0 ? { ...NO_POLICY, memberLimitsCents } : null;
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
  forgetPolicy(accountId);
  return toPolicyView({ ...values });
}

/** Drops the cached policy of an organisation whose policy or member limits changed here. */
export function forgetPolicy(accountId: number): void {
  cached.delete(accountId);
}

/** What the member spent for the organisation since UTC midnight (purchases and orders), in cents. */
export async function spentToday(db: Executor, accountId: number, userId: number, now: Date): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${memberSpends.valueCents}), 0)::text` }).from(memberSpends)
    .where(and(eq(memberSpends.accountId, accountId), eq(memberSpends.userId, userId), gte(memberSpends.createdAt, utcDayStart(now))));
  return BigInt(row?.total ?? '0');
}

export interface MemberSpend { accountId: number; userId: number; valueCents: bigint }

/**
 * Counts a member's spend towards their daily limit inside the caller's transaction, checked and written as one step:
 * the member's row is locked first, so two requests of one member cannot both read the room that only one of them
 * fits (each would pass a check made before the other wrote). Over the limit is a 403 naming it and what is left.
 * Returns the spend's id, or null when nothing is counted (no policy, or nothing spent).
 */
export async function reserveSpendIn(tx: Executor, entry: MemberSpend, now: Date): Promise<number | null> {
  if (entry.valueCents <= 0n) return null;
  const found = await findPolicy(tx, entry.accountId, now);
  if (!found) return null;
  const policy = policyForMember(found, entry.userId);
  if (policy.dailySpendLimitCents !== null) {
    await tx.execute(sql`select 1 from organisation_members where account_id = ${entry.accountId} and user_id = ${entry.userId} for update`);
    const decision = decideApproval(policy, { spendCents: entry.valueCents, retireTonnes: 0 }, await spentToday(tx, entry.accountId, entry.userId, now), true);
    if (decision.kind === 'over_daily_limit') throw new ForbiddenError(decision.message, { limitCents: decision.limitCents, leftCents: decision.leftCents });
  }
  const [row] = await tx.insert(memberSpends).values({ ...entry, createdAt: now }).returning({ id: memberSpends.id });
  return row.id;
}

/**
 * Runs `work` with the member's spend counted before it, in a transaction of its own (the desks batch their work in
 * theirs): the spend is given back if the work fails, so only what ran counts. A crash between the two leaves the
 * spend counted without the purchase: the limit then errs on the safe side, never above what was set.
 */
export async function spending<T>(db: Database, entry: MemberSpend, now: Date, work: () => Promise<T>): Promise<T> {
  // Most organisations have no policy: their requests open no transaction here (the policy read is cached).
  const counted = entry.valueCents > 0n && (await findPolicy(db, entry.accountId, now)) !== null;
  const reserved = counted ? await runTransaction(db, (tx) => reserveSpendIn(tx, entry, now)) : null;
  try {
    return await work();
  } catch (error) {
    if (reserved !== null) await db.delete(memberSpends).where(eq(memberSpends.id, reserved));
    throw error;
  }
}
