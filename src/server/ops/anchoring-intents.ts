import { eq, lt, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { saveHoldingToken } from '../chain/anchoring-queries.js';
import { tokenCreatedBy } from '../chain/chain-lookups.js';
import type { JournalStore } from '../chain/journal-store.js';
import type { ServerChain } from '../chain/start-chain.js';
import type { Database } from '../db/client';
import { anchoringIntents, holdings } from '../db/schema';
import { rowsOf } from '../db/sql-values';

/** How far back a new leader looks for a transaction of the previous one (one block per transaction on the node). */
const MAX_BLOCKS_SCANNED = 256;

interface RpcTransaction {
  from: Address;
  nonce: Hex;
  hash: Hex;
}

const nonceOf = async (chain: ServerChain, blockTag: 'pending' | 'latest') =>
  Number(await chain.request({ method: 'eth_getTransactionCount', params: [chain.custodyAddress, blockTag] }));

/**
 * The journal the anchoring leader uses on a shared remote chain: before each mint or split of a holding it records
 * which custody nonce that transaction will take (the leader is the only sender of custody transactions), so that a
 * transaction mined just before the leader died can be traced back to its holding by `adoptOrphanedTokens`.
 */
export function withAnchoringIntents(journal: JournalStore, db: Database, chain: ServerChain): JournalStore {
  return {
    ...journal,
    async withTarget(target, task) {
      if ('holdingId' in target) {
        await db.insert(anchoringIntents).values({ holdingId: target.holdingId, custodyNonce: await nonceOf(chain, 'pending') });
      }
      return journal.withTarget(target, task);
    },
  };
}

/**
 * Run by a new leader before its worker starts. A custody nonce that the chain has used belongs to the last holding
 * that claimed it; if that holding still has no token (and the token the transaction created belongs to no other
 * holding), the previous leader died between mining and saving: save that token, so the worker does not create a
 * second one. Afterwards every intent of a used nonce is settled and deleted.
 */
export async function adoptOrphanedTokens(db: Database, chain: ServerChain, log: (line: string) => void): Promise<number> {
  const usedNonces = await nonceOf(chain, 'latest');
  const claims = rowsOf<{ nonce: number; holding_id: number }>(await db.execute(sql`
    select distinct on (i.custody_nonce) i.custody_nonce as nonce, i.holding_id
    from anchoring_intents i
    where i.custody_nonce < ${usedNonces}
    order by i.custody_nonce, i.id desc`));
  const pendingIds = new Set(rowsOf<{ id: number }>(await db.execute(sql`
    select id from holdings where token_id is null and anchor_error is null
      and id in (select holding_id from anchoring_intents where custody_nonce < ${usedNonces})`)).map((row) => Number(row.id)));
  const orphans = claims.filter((claim) => pendingIds.has(Number(claim.holding_id)));
  let adopted = 0;
  if (orphans.length > 0) {
    const byNonce = await custodyTransactions(chain, new Set(orphans.map((claim) => Number(claim.nonce))));
    for (const claim of orphans) {
      const txHash = byNonce.get(Number(claim.nonce));
      const tokenId = txHash ? await tokenCreatedBy(chain, txHash) : null;
      if (tokenId === null || (await tokenTaken(db, tokenId))) continue;
      await saveHoldingToken(db, Number(claim.holding_id), tokenId);
      log(`Chain anchoring: adopted token ${tokenId} (${txHash}) for holding ${claim.holding_id}, created before the last leader stopped`);
      adopted++;
    }
  }
  await db.delete(anchoringIntents).where(lt(anchoringIntents.custodyNonce, usedNonces));
  return adopted;
}

async function tokenTaken(db: Database, tokenId: number): Promise<boolean> {
  const [row] = await db.select({ id: holdings.id }).from(holdings).where(eq(holdings.tokenId, tokenId)).limit(1);
  return row !== undefined;
}

/** Custody transactions with the given nonces, found by walking back from the newest block. */
async function custodyTransactions(chain: ServerChain, nonces: Set<number>): Promise<Map<number, Hex>> {
  const found = new Map<number, Hex>();
  const latest = Number(await chain.request({ method: 'eth_blockNumber', params: [] }));
  const custody = chain.custodyAddress.toLowerCase();
  for (let block = latest; block >= Math.max(0, latest - MAX_BLOCKS_SCANNED) && found.size < nonces.size; block--) {
    const { transactions } = (await chain.request({ method: 'eth_getBlockByNumber', params: [`0x${block.toString(16)}`, true] })) as { transactions: RpcTransaction[] };
    for (const transaction of transactions) {
      const nonce = Number(transaction.nonce);
      if (transaction.from.toLowerCase() === custody && nonces.has(nonce)) found.set(nonce, transaction.hash);
    }
  }
  return found;
}
