import { and, eq, gt } from 'drizzle-orm';
import { isRole, type Role } from '@/domain/organisations/roles';
import type { Database } from '@/server/db/client';
import { organisationMembers, organisations, sessions, users } from '@/server/db/schema';
import { digestSessionToken } from './sessions';

/**
 * Who a request acts as: the signed-in person, the account (organisation) they act for and their role there.
 * The ledger is keyed on the account, so every desk, report and export works per organisation.
 */
export interface ActingIds {
  personId: number;
  accountId: number;
  role: Role;
  /** The organisation requires two-factor sign-in and this person has not enrolled. */
  needsTwoFactor: boolean;
}

/** The person's role in the account and whether the organisation requires two-factor sign-in; null when not a member. */
export async function findMembership(db: Database, personId: number, accountId: number) {
  const [row] = await db.select({ role: organisationMembers.role, requireTwoFactor: organisations.requireTwoFactor, totpEnabledAt: users.totpEnabledAt })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(organisations, eq(organisations.accountId, organisationMembers.accountId))
    .where(and(eq(organisationMembers.accountId, accountId), eq(organisationMembers.userId, personId)))
    .limit(1);
  if (!row || !isRole(row.role)) return null;
  return { role: row.role, needsTwoFactor: Boolean(row.requireTwoFactor) && !row.totpEnabledAt };
}

/** A person's own account is their personal organisation: they own it even if its membership row is missing. */
async function actingIn(db: Database, personId: number, accountId: number): Promise<ActingIds | null> {
  const membership = await findMembership(db, personId, accountId);
  if (membership) return { personId, accountId, ...membership };
  return accountId === personId ? { personId, accountId, role: 'owner', needsTwoFactor: false } : null;
}

/** The session's person and the organisation it acts for; null for an unknown or expired session. */
export async function findSessionActing(db: Database, token: string, now: Date, requestedAccountId: number | undefined): Promise<ActingIds | 'not_member' | null> {
  const [session] = await db.select({ userId: sessions.userId, activeAccountId: sessions.activeAccountId }).from(sessions)
    .where(and(eq(sessions.id, digestSessionToken(token)), gt(sessions.expiresAt, now))).limit(1);
  if (!session) return null;
  if (requestedAccountId !== undefined) return (await actingIn(db, session.userId, requestedAccountId)) ?? 'not_member';
  const active = session.activeAccountId ?? session.userId;
  // A member removed from the session's organisation falls back to their personal one.
  return (await actingIn(db, session.userId, active)) ?? actingIn(db, session.userId, session.userId);
}

/** An API key acts for its organisation as its creator, with the creator's current role; null once they left it. */
export function findApiKeyActing(db: Database, key: { userId: number; createdBy: number }): Promise<ActingIds | null> {
  return actingIn(db, key.createdBy, key.userId);
}
