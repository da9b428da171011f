import { desc, eq } from 'drizzle-orm';
import type { AuditHead } from '@/domain/audit/audit-chain';
import type { Database } from '@/server/db/client';
import { auditAnchors, auditHead } from '@/server/db/schema';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';

export type AuditAnchor = typeof auditAnchors.$inferSelect;

export async function latestAuditAnchor(db: Database): Promise<AuditAnchor | null> {
  const [anchor] = await db.select().from(auditAnchors).orderBy(desc(auditAnchors.seq)).limit(1);
  return anchor ?? null;
}

/**
 * One pass: when the audit log's head has moved past the latest anchor, puts it on chain and records the anchor.
 * Returns the new anchor, or null when there was nothing new to anchor. The head is read outside any transaction:
 * it may move meanwhile, and the next pass anchors where it got to.
 */
export async function anchorAuditHeadOnce(db: Database, chain: Pick<CarbonCreditChain, 'anchorAuditHead' | 'chainId'>, now: () => Date): Promise<AuditAnchor | null> {
  const [head] = await db.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1));
  if (!head || head.seq === 0) return null;
  const latest = await latestAuditAnchor(db);
  if (latest && latest.seq >= head.seq) return null;
  const sent = await chain.anchorAuditHead(head satisfies AuditHead);
  const [anchor] = await db.insert(auditAnchors)
    .values({ seq: head.seq, hash: head.hash, chainId: chain.chainId, txHash: sent.txHash, blockNumber: sent.blockNumber, anchoredAt: now() })
    .onConflictDoNothing({ target: auditAnchors.seq }).returning();
  return anchor ?? null;
}
