import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '@/domain/errors';
import type { Role } from '@/domain/organisations/roles';
import type { CreateOrganisationBody, Organisation, UpdateOrganisationBody } from '@/shared/schemas/organisation';
import type { Database, Transaction } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { organisationMembers, organisations, users } from '@/server/db/schema';

/** A shared organisation's account cannot sign in: no password matches this, and sign-in refuses it anyway. */
const NO_PASSWORD = '!organisation';

type ProfileRow = typeof organisations.$inferSelect;

const toOrganisation = (row: ProfileRow, role: Role, activeAccountId: number): Organisation => ({
  id: row.accountId, name: row.name, legalName: row.legalName, country: row.country, lei: row.lei,
  requireTwoFactor: row.requireTwoFactor, personal: row.personal, role, active: row.accountId === activeAccountId,
});

/** The profile and policy fields an audit entry records before and after a change. */
const profileFields = (row: ProfileRow | undefined) => (row
  ? { name: row.name, legalName: row.legalName, country: row.country, lei: row.lei, requireTwoFactor: row.requireTwoFactor }
  : null);

/** A new person's own account is their personal organisation, which they own. */
export async function createPersonalOrganisation(db: Database | Transaction, account: { id: number; firstName: string; companyName: string | null }, now: Date) {
  await db.insert(organisations).values({ accountId: account.id, name: account.companyName || account.firstName, personal: true, createdAt: now })
    .onConflictDoNothing();
  await db.insert(organisationMembers).values({ accountId: account.id, userId: account.id, role: 'owner', createdAt: now }).onConflictDoNothing();
}

/**
 * A shared organisation: a new account that cannot sign in, its profile, and its creator as owner. It is handed the
 * demo cash a new person's account gets (recorded as deposited, so the cash invariant holds for it too).
 */
export async function createOrganisation(
  db: Database, personId: number, body: CreateOrganisationBody, demoCashCents: bigint, now: Date, audit?: AuditActor,
): Promise<Organisation> {
  return runTransaction(db, async (tx) => {
    const [account] = await tx.insert(users).values({
      email: `org-${randomBytes(12).toString('hex')}@organisations.invalid`, passwordHash: NO_PASSWORD,
      firstName: body.name, companyName: body.name, cashCents: demoCashCents, depositedCents: demoCashCents, createdAt: now,
    }).returning({ id: users.id });
    const [row] = await tx.insert(organisations).values({
      accountId: account.id, name: body.name, legalName: body.legalName || null, country: body.country, lei: body.lei ?? null, personal: false, createdAt: now,
    }).returning();
    await tx.insert(organisationMembers).values({ accountId: account.id, userId: personId, role: 'owner', createdAt: now });
    // The entry belongs to the new organisation: its owners see in their log how it began.
    if (audit) {
      await appendAuditEntries(tx, [{
        actor: { ...audit, accountId: account.id }, action: 'organisation.created', targetType: 'organisation', targetId: String(account.id),
        after: profileFields(row),
      }], now);
    }
    return toOrganisation(row, 'owner', -1);
  });
}

/** The organisations the person belongs to with their role in each, personal first. */
export async function listMyOrganisations(db: Database, personId: number, activeAccountId: number): Promise<Organisation[]> {
  const rows = await db.select({ profile: organisations, role: organisationMembers.role }).from(organisationMembers)
    .innerJoin(organisations, eq(organisations.accountId, organisationMembers.accountId))
    .where(eq(organisationMembers.userId, personId))
    .orderBy(asc(organisations.personal), asc(organisations.name));
  return rows.map((row) => toOrganisation(row.profile, row.role as Role, activeAccountId))
    .sort((a, b) => Number(b.personal) - Number(a.personal));
}

export async function readOrganisation(db: Database, accountId: number, role: Role): Promise<Organisation> {
  const [row] = await db.select().from(organisations).where(eq(organisations.accountId, accountId));
  if (!row) throw new NotFoundError(`Organisation ${accountId} not found`);
  return toOrganisation(row, role, accountId);
}

/**
 * Changes the profile and policies; a shared organisation's account name follows, so its certificates name it. Only
 * someone signed in with two-factor can require it of everyone, so that no one locks the organisation out by mistake.
 */
export async function updateOrganisation(
  db: Database, actor: { accountId: number; role: Role; hasTwoFactor: boolean }, body: UpdateOrganisationBody, audit?: AuditActor, now = new Date(),
): Promise<Organisation> {
  const { accountId, role } = actor;
  if (body.requireTwoFactor && !actor.hasTwoFactor) throw new ConflictError('Turn on two-factor sign-in for yourself before requiring it of every member');
  return runTransaction(db, async (tx) => {
    const [previous] = await tx.select().from(organisations).where(eq(organisations.accountId, accountId)).for('update');
    const [row] = await tx.update(organisations).set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.legalName !== undefined ? { legalName: body.legalName || null } : {}),
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.lei !== undefined ? { lei: body.lei } : {}),
      ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
    }).where(eq(organisations.accountId, accountId)).returning();
    if (!row) throw new NotFoundError(`Organisation ${accountId} not found`);
    if (body.name !== undefined && !row.personal) await tx.update(users).set({ companyName: body.name, firstName: body.name }).where(eq(users.id, accountId));
    if (audit) {
      await appendAuditEntries(tx, [{
        actor: audit, action: 'organisation.updated', targetType: 'organisation', targetId: String(accountId), before: profileFields(previous), after: profileFields(row),
      }], now);
    }
    return toOrganisation(row, role, accountId);
  });
}

/** True when the account is a shared organisation's (which nobody signs in as). */
export async function isSharedOrganisation(db: Database, accountId: number): Promise<boolean> {
  const [row] = await db.select({ accountId: organisations.accountId }).from(organisations)
    .where(and(eq(organisations.accountId, accountId), eq(organisations.personal, false))).limit(1);
  return Boolean(row);
}
