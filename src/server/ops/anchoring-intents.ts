import { inArray, lt, sql } from 'drizzle-orm';
import type { Address, Hex, Log } from 'viem';
import { saveHoldingTokens } from '@/server/anchoring/anchoring-queries';
import { createdTokenIds } from '@/server/chain/created-token-ids';
import type { JournalStore } from '@/server/chain/journal-store';
import type { ServerChain } from '@/server/chain/start-chain';
import type { Database } from '@/server/db/client';
import { anchoringIntents, holdings } from '@/server/db/schema';
import { rowsOf } from '@/server/db/sql-values';

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
 * The journal the anchoring leader uses on a shared remote chain: before each mint or split batch it records which
 * custody nonce that transaction will take (the leader is the only sender of custody transactions) and for which
 * holdings, so that a transaction mined just before the leader died can be traced back to them by
 * `adoptOrphanedTokens`.
 */
export function withAnchoringIntents(journal: JournalStore, db: Database, chain: ServerChain): JournalStore {
  return {
    ...journal,
    async withTarget(target, task) {
      if (!('holdingIds' in target) || target.holdingIds.length === 0) return journal.withTarget(target, task);
      const nonce = await nonceOf(chain, 'pending');
      await db.insert(anchoringIntents).values({ holdingIds: [...target.holdingIds], custodyNonce: nonce });
      try {
        return await journal.withTarget(target, task);
      } catch (error) {
        // A receipt that timed out on a slow node does not mean the batch was not mined: if the nonce was used by a
        // transaction that created exactly these tokens, answer them (as the mint or split would have) instead of
        // letting the worker send the batch a second time.
        const tokenIds = await tokensCreatedAtNonce(chain, nonce, target.holdingIds.length);
        if (!tokenIds) throw error;
        return tokenIds as never;
      }
    },
  };
}

/**
 * Run by a new leader before its worker starts. A custody nonce that the chain has used belongs to the last batch
 * that claimed it; if none of that batch's holdings has a token yet (and none of the tokens the transaction created
 * belongs to another holding), the previous leader died between mining and saving: save those tokens, in the order of
 * the transaction's events, so the worker does not create them a second time. Afterwards every intent of a used
 * nonce is settled and deleted.
 */
export async function adoptOrphanedTokens(db: Database, chain: ServerChain, log: (line: string) => void): Promise<number> {
  const usedNonces = await nonceOf(chain, 'latest');
  const claims = rowsOf<{ nonce: number; holding_ids: number[] }>(await db.execute(sql`
    select distinct on (i.custody_nonce) i.custody_nonce as nonce, i.holding_ids
    from anchoring_intents i
    where i.custody_nonce < ${usedNonces}
      and not exists (select 1 from holdings h where h.id = any(i.holding_ids) and (h.token_id is not null or h.anchor_error is not null))
    order by i.custody_nonce, i.id desc`));
  let adopted = 0;
  if (claims.length > 0) {
    const byNonce = await custodyTransactions(chain, new Set(claims.map((claim) => Number(claim.nonce))));
    for (const claim of claims) {
      const holdingIds = claim.holding_ids.map(Number);
      const txHash = byNonce.get(Number(claim.nonce));
      const receipt = txHash ? ((await chain.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { status: string; logs: Log[] } | null) : null;
      const tokenIds = receipt?.status === '0x1' ? createdTokenIds(receipt.logs) : [];
      if (tokenIds.length !== holdingIds.length || (await anyTokenTaken(db, tokenIds))) continue;
      await saveHoldingTokens(db, holdingIds.map((holdingId, index) => ({ holdingId, tokenId: tokenIds[index] })));
      log(`Chain anchoring: adopted ${tokenIds.length} token(s) of ${txHash} for holdings ${holdingIds.join(', ')}, created before the last leader stopped`);
      adopted += tokenIds.length;
    }
  }
  await db.delete(anchoringIntents).where(lt(anchoringIntents.custodyNonce, usedNonces));
  return adopted;
}

const SETTLE_WAIT_MS = 5000;

async function tokensCreatedAtNonce(chain: ServerChain, nonce: number, count: number): Promise<number[] | null> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  while ((await nonceOf(chain, 'latest').catch(() => nonce)) <= nonce) {
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const txHash = (await custodyTransactions(chain, new Set([nonce]))).get(nonce);
  const receipt = txHash ? ((await chain.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { status: string; logs: Log[] } | null) : null;
  const tokenIds = receipt?.status === '0x1' ? createdTokenIds(receipt.logs) : [];
  return tokenIds.length === count ? tokenIds : null;
}

async function anyTokenTaken(db: Database, tokenIds: number[]): Promise<boolean> {
  const [row] = await db.select({ id: holdings.id }).from(holdings).where(inArray(holdings.tokenId, tokenIds)).limit(1);
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
