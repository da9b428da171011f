import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { organisationMembers, organisations, users } from '@/server/db/schema';
import { ConflictError, UnauthenticatedError } from '@/domain/errors';
import type { LoginBody, RegisterBody } from '@/shared/schemas/auth';
import { hashPassword, verifyPassword } from './passwords';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** A new account is its person's personal organisation, which they own. */
export async function registerAccount(db: Database, body: RegisterBody, demoCashCents: bigint) {
  const passwordHash = await hashPassword(body.password);
  return runTransaction(db, async (tx) => {
    const account = await insertAccount(tx, body, passwordHash, demoCashCents);
    await tx.insert(organisations).values({ accountId: account.id, name: account.companyName || account.firstName, personal: true, createdAt: account.createdAt });
    await tx.insert(organisationMembers).values({ accountId: account.id, userId: account.id, role: 'owner', createdAt: account.createdAt });
    return account;
  });
}

async function insertAccount(db: Transaction, body: RegisterBody, passwordHash: string, demoCashCents: bigint) {
  const inserted = await db
    .insert(users)
    .values({
      email: body.email.trim(),
      passwordHash,
      firstName: body.firstName,
      companyName: body.companyName || null,
      cashCents: demoCashCents,
      depositedCents: demoCashCents,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted[0]) throw new ConflictError('An account with this e-mail already exists');
  return inserted[0];
}

export async function authenticate(db: Database, body: LoginBody) {
  const rows = await db.select().from(users).where(eq(sql`lower(${users.email})`, body.email.trim().toLowerCase())).limit(1);
  const account = rows[0];
  const valid = await verifyPassword(body.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !valid) throw new UnauthenticatedError('Invalid e-mail or password');
  // A shared organisation's account has no usable password; refused here too, so that no change of that can open it.
  const [shared] = await db.select({ accountId: organisations.accountId }).from(organisations)
    .where(and(eq(organisations.accountId, account.id), eq(organisations.personal, false))).limit(1);
  if (shared) throw new UnauthenticatedError('An organisation cannot sign in: sign in as one of its members');
  return account;
}
