import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { ConflictError, UnauthenticatedError } from '@/domain/errors';
import type { LoginBody, RegisterBody } from '@/shared/schemas/auth';
import { hashPassword, verifyPassword } from './passwords';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function registerAccount(db: Database, body: RegisterBody, demoCashCents: bigint) {
  const passwordHash = await hashPassword(body.password);
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
  return account;
}
