import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ConflictError, ForbiddenError, NotFoundError } from '@/domain/errors';
import { INVITE_TTL_MS, inviteRefusal } from '@/domain/organisations/member-rules';
import { canGrantRole, type Role } from '@/domain/organisations/roles';
import type { CreatedInvite, CreateInviteBody, Invite, InvitePreview } from '@/shared/schemas/organisation';
import type { Database } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { organisationInvites, organisationMembers, organisations } from '@/server/db/schema';

// The token is 32 random bytes: a fast digest is enough, and a leaked invites table cannot be turned into links.
const digest = (token: string) => createHash('sha256').update(`invite:${token}`).digest('base64url');

type InviteRow = typeof organisationInvites.$inferSelect;

const toInvite = (row: InviteRow): Invite => ({
  id: row.id, email: row.email, role: row.role as Role, expiresAt: row.expiresAt.toISOString(), acceptedAt: row.acceptedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
});

/** An invite link for one e-mail address and role, shown once; a personal organisation has only its person. */
export async function createInvite(
  db: Database, actor: { accountId: number; personId: number; role: Role }, body: CreateInviteBody, now: Date, audit?: AuditActor,
): Promise<CreatedInvite> {
  if (!canGrantRole(actor.role, body.role)) throw new ForbiddenError(`An ${actor.role} cannot invite someone as ${body.role}`);
  const [profile] = await db.select({ personal: organisations.personal }).from(organisations).where(eq(organisations.accountId, actor.accountId));
  if (!profile || profile.personal) throw new ConflictError('A personal organisation has no other members: create an organisation to invite people');
  const token = randomBytes(32).toString('base64url');
  const row = await runTransaction(db, async (tx) => {
    const [created] = await tx.insert(organisationInvites).values({
      accountId: actor.accountId, email: body.email.trim(), role: body.role, tokenHash: digest(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS), createdBy: actor.personId, createdAt: now,
    }).returning();
    // The token is never logged: an entry readable by auditors must not be a way in.
    if (audit) await appendAuditEntries(tx, [inviteEntry(audit, 'invite.created', created)], now);
    return created;
  });
  return { ...toInvite(row), token, link: `/invite/${token}` };
}

export async function listInvites(db: Database, accountId: number): Promise<Invite[]> {
  return (await db.select().from(organisationInvites).where(eq(organisationInvites.accountId, accountId)).orderBy(desc(organisationInvites.id))).map(toInvite);
}

const inviteEntry = (actor: AuditActor, action: string, row: InviteRow) => ({
  actor, action, targetType: 'invite', targetId: String(row.id), after: { email: row.email, role: row.role },
});

export async function revokeInvite(db: Database, accountId: number, inviteId: number, now: Date, audit?: AuditActor): Promise<Invite> {
  const row = await runTransaction(db, async (tx) => {
    const [revoked] = await tx.update(organisationInvites).set({ revokedAt: now })
      .where(and(eq(organisationInvites.id, inviteId), eq(organisationInvites.accountId, accountId), isNull(organisationInvites.acceptedAt), isNull(organisationInvites.revokedAt)))
      .returning();
    if (revoked && audit) await appendAuditEntries(tx, [inviteEntry(audit, 'invite.revoked', revoked)], now);
    return revoked;
  });
  if (row) return toInvite(row);
  const [existing] = await db.select().from(organisationInvites).where(and(eq(organisationInvites.id, inviteId), eq(organisationInvites.accountId, accountId)));
  if (!existing) throw new NotFoundError(`Invite ${inviteId} not found`);
  throw new ConflictError(existing.acceptedAt ? 'This invite has already been used' : 'This invite has already been revoked');
}

async function findInvite(db: Database, token: string) {
  const [row] = await db.select({ invite: organisationInvites, organisationName: organisations.name }).from(organisationInvites)
    .innerJoin(organisations, eq(organisations.accountId, organisationInvites.accountId))
    .where(eq(organisationInvites.tokenHash, digest(token))).limit(1);
  if (!row) throw new NotFoundError('This invite link is not valid');
  return row;
}

export async function previewInvite(db: Database, token: string): Promise<InvitePreview> {
  const { invite, organisationName } = await findInvite(db, token);
  return { organisationName, email: invite.email, role: invite.role as Role, expiresAt: invite.expiresAt.toISOString() };
}

/**
 * Joins the invite's organisation with its role. Single-use: the invite is claimed by one conditional update, so
 * two acceptances cannot both succeed. Someone already a member keeps their role (409).
 */
export async function acceptInvite(db: Database, person: { id: number; email: string }, token: string, now: Date, audit?: AuditActor): Promise<{ accountId: number }> {
  const { invite } = await findInvite(db, token);
  const refusal = inviteRefusal(invite, person.email, now);
  if (refusal) throw (invite.email.trim().toLowerCase() !== person.email.trim().toLowerCase() && !invite.acceptedAt ? new ForbiddenError(refusal) : new ConflictError(refusal));
  return runTransaction(db, async (tx) => {
    const [existing] = await tx.select({ role: organisationMembers.role }).from(organisationMembers)
      .where(and(eq(organisationMembers.accountId, invite.accountId), eq(organisationMembers.userId, person.id)));
    if (existing) throw new ConflictError(`You are already a member of this organisation (${existing.role})`);
    const [claimed] = await tx.update(organisationInvites).set({ acceptedAt: now })
      .where(and(eq(organisationInvites.id, invite.id), isNull(organisationInvites.acceptedAt), isNull(organisationInvites.revokedAt), sql`${organisationInvites.expiresAt} > ${now}`))
      .returning({ id: organisationInvites.id });
    if (!claimed) throw new ConflictError('This invite has already been used');
    await tx.insert(organisationMembers).values({ accountId: invite.accountId, userId: person.id, role: invite.role, createdAt: now });
    // Logged in the organisation joined (not the one the person was acting for), so its owners see who came in.
    if (audit) await appendAuditEntries(tx, [{ ...inviteEntry({ ...audit, accountId: invite.accountId }, 'invite.accepted', invite), after: { email: invite.email, role: invite.role, userId: person.id } }], now);
    return { accountId: invite.accountId };
  });
}
