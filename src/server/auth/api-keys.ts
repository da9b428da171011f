import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { apiKeys } from '@/server/db/schema';
import { NotFoundError } from '@/domain/errors';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@/shared/schemas/developer';

/** How many characters of a secret are kept in the clear so that keys can be told apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

// 32 random bytes: a fast digest is enough (nothing to brute-force), so every request can check its key cheaply.
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('base64url');

type ApiKeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes as ApiKeyScope[], createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null, revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A key of the account `userId` (an organisation), created by the person `createdBy`: it acts with at most their role. */
export async function createApiKey(
  db: Database, input: { userId: number; createdBy: number; name: string; scopes: ApiKeyScope[] }, now: Date, audit?: AuditActor,
): Promise<CreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return runTransaction(db, async (tx) => {
    const [row] = await tx.insert(apiKeys).values({
      userId: input.userId, createdBy: input.createdBy, name: input.name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), secretHash: hashApiKey(secret),
      scopes: [...new Set(input.scopes)], createdAt: now,
    }).returning();
    if (audit) {
      await appendAuditEntries(tx, [{
        actor: audit, action: 'api_key.created', targetType: 'api_key', targetId: String(row.id), after: { name: row.name, prefix: row.prefix, scopes: row.scopes },
      }], now);
    }
    return { ...toApiKey(row), secret };
  });
}

export async function listApiKeys(db: Database, userId: number): Promise<ApiKey[]> {
  return (await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id))).map(toApiKey);
}

/** Revokes one of the user's keys; another user's key is a 404. Revoking twice is harmless. */
export async function revokeApiKey(db: Database, userId: number, keyId: number, now: Date, audit?: AuditActor): Promise<ApiKey> {
  const [owned] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  if (!owned) throw new NotFoundError(`API key ${keyId} not found`);
  if (owned.revokedAt) return toApiKey(owned);
  return runTransaction(db, async (tx) => {
    const [row] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId)).returning();
    if (audit) await appendAuditEntries(tx, [{ actor: audit, action: 'api_key.revoked', targetType: 'api_key', targetId: String(keyId), after: { name: row.name } }], now);
    return toApiKey(row);
  });
}

export interface ActiveApiKey {
  id: number;
  /** The account (organisation) the key belongs to. */
  userId: number;
  /** The person who created it: the key acts with their role in the organisation. */
  createdBy: number;
  scopes: ApiKeyScope[];
  lastUsedAt: Date | null;
}

/** The unrevoked key with this secret, or null. */
export async function findActiveApiKey(db: Database, secret: string): Promise<ActiveApiKey | null> {
  const [row] = await db.select({ id: apiKeys.id, userId: apiKeys.userId, createdBy: apiKeys.createdBy, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys).where(and(eq(apiKeys.secretHash, hashApiKey(secret)), isNull(apiKeys.revokedAt)));
  // A key from before organisations was created by its account's own person.
  return row ? { ...row, createdBy: row.createdBy ?? row.userId, scopes: row.scopes as ApiKeyScope[] } : null;
}

export async function touchApiKey(db: Database, keyId: number, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}
