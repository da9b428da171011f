import { and, asc, count, eq } from 'drizzle-orm';
import { ForbiddenError, NotFoundError } from '@/domain/errors';
import { removalRefusal, roleChangeRefusal } from '@/domain/organisations/member-rules';
import type { Role } from '@/domain/organisations/roles';
import type { Member } from '@/shared/schemas/organisation';
import type { Database, Transaction } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { organisationMembers, users } from '@/server/db/schema';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { formatCents } from '@/domain/money';
import { forgetPolicy } from '@/server/services/approvals/approval-policies';

export async function listMembers(db: Database, accountId: number): Promise<Member[]> {
  const rows = await db.select({ userId: users.id, email: users.email, firstName: users.firstName, role: organisationMembers.role, joinedAt: organisationMembers.createdAt, limit: organisationMembers.dailySpendLimitCents })
    .from(organisationMembers).innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.accountId, accountId)).orderBy(asc(organisationMembers.createdAt), asc(users.id));
  return rows.map(({ limit, ...row }) => ({ ...row, role: row.role as Role, joinedAt: row.joinedAt.toISOString(), dailySpendLimitCents: limit === null ? null : Number(limit) }));
}

/** The member's role and the organisation's owner count, with the member's row locked for the change. */
async function memberFacts(tx: Transaction, accountId: number, userId: number) {
  const [target] = await tx.select({ role: organisationMembers.role }).from(organisationMembers)
    .where(and(eq(organisationMembers.accountId, accountId), eq(organisationMembers.userId, userId))).for('update');
  if (!target) throw new NotFoundError(`Member ${userId} not found in this organisation`);
  // Owners are counted under a lock of every owner row, so two demotions cannot both see a second owner.
  const owners = await tx.select({ userId: organisationMembers.userId }).from(organisationMembers)
    .where(and(eq(organisationMembers.accountId, accountId), eq(organisationMembers.role, 'owner'))).for('update');
  return { targetRole: target.role as Role, ownerCount: owners.length };
}

export async function changeMemberRole(db: Database, actor: { accountId: number; role: Role }, userId: number, role: Role, audit?: AuditActor, now = new Date()): Promise<Member> {
  await runTransaction(db, async (tx) => {
    const facts = await memberFacts(tx, actor.accountId, userId);
    const refusal = roleChangeRefusal({ actorRole: actor.role, ...facts }, role);
    if (refusal) throw new ForbiddenError(refusal);
    await tx.update(organisationMembers).set({ role }).where(and(eq(organisationMembers.accountId, actor.accountId), eq(organisationMembers.userId, userId)));
    if (audit) {
      await appendAuditEntries(tx, [{ actor: audit, action: 'member.role_changed', targetType: 'member', targetId: String(userId), before: { role: facts.targetRole }, after: { role } }], now);
    }
  });
  const member = (await listMembers(db, actor.accountId)).find((row) => row.userId === userId);
  if (!member) throw new NotFoundError(`Member ${userId} not found in this organisation`);
  return member;
}

/** Removes a member (never the last owner); a person's own account stays theirs, so its owner cannot leave it. */
export async function removeMember(db: Database, actor: { accountId: number; role: Role }, userId: number, audit?: AuditActor, now = new Date()): Promise<void> {
  if (userId === actor.accountId) throw new ForbiddenError('A personal organisation’s person cannot be removed from it');
  await runTransaction(db, async (tx) => {
    const facts = await memberFacts(tx, actor.accountId, userId);
    const refusal = removalRefusal({ actorRole: actor.role, ...facts });
    if (refusal) throw new ForbiddenError(refusal);
    await tx.delete(organisationMembers).where(and(eq(organisationMembers.accountId, actor.accountId), eq(organisationMembers.userId, userId)));
    if (audit) await appendAuditEntries(tx, [{ actor: audit, action: 'member.removed', targetType: 'member', targetId: String(userId), before: { role: facts.targetRole } }], now);
  });
}

/**
 * Sets one member's own daily spend limit (null: the policy's applies again), audited as member.spend_limit_changed.
 * The policy cache of this instance is dropped at once; another applies the old limit for at most POLICY_CACHE_MS.
 */
export async function setMemberSpendLimit(db: Database, accountId: number, userId: number, limitCents: bigint | null, audit: AuditActor, now: Date): Promise<Member> {
  await runTransaction(db, async (tx) => {
    const where = and(eq(organisationMembers.accountId, accountId), eq(organisationMembers.userId, userId));
    const [before] = await tx.select({ limit: organisationMembers.dailySpendLimitCents }).from(organisationMembers).where(where).for('update');
    if (!before) throw new NotFoundError(`Member ${userId} not found in this organisation`);
    await tx.update(organisationMembers).set({ dailySpendLimitCents: limitCents }).where(where);
    const shown = (cents: bigint | null) => ({ dailySpendLimit: cents === null ? null : formatCents(cents) });
    await appendAuditEntries(tx, [{ actor: audit, action: 'member.spend_limit_changed', targetType: 'member', targetId: String(userId), before: shown(before.limit), after: shown(limitCents) }], now);
  });
  forgetPolicy(accountId);
  const member = (await listMembers(db, accountId)).find((row) => row.userId === userId);
  if (!member) throw new NotFoundError(`Member ${userId} not found in this organisation`);
  return member;
}

export async function memberCount(db: Database, accountId: number): Promise<number> {
  const [row] = await db.select({ members: count() }).from(organisationMembers).where(eq(organisationMembers.accountId, accountId));
  return row?.members ?? 0;
}
