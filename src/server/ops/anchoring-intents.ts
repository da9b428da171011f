import { inArray, lt, sql } from 'drizzle-orm';
import type { Address, Hex, Log } from 'viem';
import { saveHoldingTokens } from '@/server/anchoring/anchoring-queries';
import { createdTokenIds } from '@/server/chain/created-token-ids';
import type { HoldingsClaim, JournalStore } from '@/server/chain/journal-store';
import type { ServerChain } from '@/server/chain/start-chain';
import type { Database } from '@/server/db/client';
import { anchoringIntents, holdings } from '@/server/db/schema';
import { intArray, rowsOf } from '@/server/db/sql-values';

/** How far back a new leader looks for a transaction of the previous one (one block per transaction on the node). */
const MAX_BLOCKS_SCANNED = 256;

interface RpcTransaction {
  from: Address;
  nonce: Hex;
  hash: Hex;
}

/** How many custody transactions the chain has mined: every nonce below it is spent. */
const nonceOf = async (chain: ServerChain) =>
  Number(await chain.request({ method: 'eth_getTransactionCount', params: [chain.custodyAddress, 'latest'] }));

// A new leader's fence may meet its predecessor's last transaction at the same nonce: the next try takes the next one.
const FENCE_ATTEMPTS = 3;

/**
 * How the anchoring leaders of several instances on one remote chain hand over without minting a holding twice.
 *
 * Each leader term has a number (anchoring_terms). Every token-creating transaction is recorded as an intent once
 * signed and before it is sent, with its nonce, hash and term, and only while that term is still the current one: a
 * leader whose lock session died (PostgreSQL frees the lock at once, the leader notices at its next poll) can send no
 * further mint. A new term then spends every nonce its predecessor may have signed with an empty transaction (`fence`),
 * so after it the predecessor's intents are final: their transactions were mined, and their tokens are adopted if the
 * predecessor died before saving them, or they never will be.
 */
export interface AnchoringIntents {
  /** The journal's claim hook (`createJournalStore`): records the intent, or refuses once a newer term has begun. */
  claimHoldings: HoldingsClaim;
  /**
   * The journal, with a batch whose receipt did not arrive answered from its transaction when that was mined after
   * all, instead of the worker sending the batch a second time.
   */
  journal(journal: JournalStore, chain: ServerChain): JournalStore;
  /** Run by a new leader before its worker starts: raises the term, fences, adopts orphaned tokens (their count). */
  beginTerm(chain: ServerChain, log: (line: string) => void): Promise<number>;
}

interface SentClaim {
  nonce: number;
  txHash: Hex;
  count: number;
}

export function createAnchoringIntents(db: Database): AnchoringIntents {
  let term: number | null = null;
  // The worker sends one token-creating transaction at a time: the last one claimed is the one in flight.
  let inFlight: SentClaim | null = null;

  return {
    async claimHoldings(holdingIds, nonce, txHash) {
      if (term === null) throw new Error('Only the anchoring leader sends token-creating transactions');
      // FOR SHARE waits for a new term being raised, then sees it: a claim is either written before the new leader
      // fences and adopts, or refused.
      const written = rowsOf<{ id: number }>(await db.execute(sql`
        insert into anchoring_intents (holding_ids, custody_nonce, term, tx_hash)
        select ${intArray(holdingIds)}, ${nonce}, t.term, ${txHash}
        from anchoring_terms t where t.id = 1 and t.term = ${term}
        for share of t
        returning id`));
      if (written.length === 0) throw new Error(`Anchoring term ${term} has ended: another instance anchors now`);
      inFlight = { nonce, txHash, count: holdingIds.length };
    },

    journal(journal, chain) {
      return {
        ...journal,
        async withTarget(target, task) {
          if (!('holdingIds' in target) || target.holdingIds.length === 0) return journal.withTarget(target, task);
          inFlight = null;
          try {
            return await journal.withTarget(target, task);
          } catch (error) {
            // A receipt that timed out on a slow node does not mean the batch was not mined: if its transaction was,
            // answer its tokens as the mint or split would have.
            const sent = inFlight as SentClaim | null;
            const tokenIds = sent && (await tokensOfSent(chain, sent));
            if (!tokenIds) throw error;
            return tokenIds as never;
          }
        },
      };
    },

    async beginTerm(chain, log) {
      const [raised] = rowsOf<{ term: string }>(await db.execute(sql`
        insert into anchoring_terms (id, term) values (1, 1)
        on conflict (id) do update set term = anchoring_terms.term + 1
        returning term`));
      term = Number(raised.term);
      for (let attempt = 1; ; attempt++) {
        try {
          await chain.fence();
          break;
        } catch (error) {
          if (attempt >= FENCE_ATTEMPTS) throw error;
        }
      }
      return adoptOrphanedTokens(db, chain, log);
    },
  };
}

/**
 * A custody nonce that the chain has used belongs to at most one claimed transaction; if none of that claim's
 * holdings has a token yet (and none of the tokens its transaction created belongs to another holding), the previous
 * leader died between mining and saving: save those tokens, in the order of the transaction's events, so the worker
 * does not create them a second time. Afterwards every intent of a used nonce is settled and deleted.
 */
async function adoptOrphanedTokens(db: Database, chain: ServerChain, log: (line: string) => void): Promise<number> {
  const usedNonces = await nonceOf(chain);
  const claims = rowsOf<{ nonce: number; holding_ids: number[]; tx_hash: Hex | null }>(await db.execute(sql`
    select i.custody_nonce as nonce, i.holding_ids, i.tx_hash
    from anchoring_intents i
    where i.custody_nonce < ${usedNonces}
      and not exists (select 1 from holdings h where h.id = any(i.holding_ids) and (h.token_id is not null or h.anchor_error is not null))
    order by i.custody_nonce, i.id desc`));
  // Claims from before terms carry no hash: their transaction is found by nonce, for the nonce's last claim only.
  const unhashed = claims.filter((claim, index) => !claim.tx_hash && claims[index - 1]?.nonce !== claim.nonce);
  const byNonce = unhashed.length > 0 ? await custodyTransactions(chain, new Set(unhashed.map((claim) => Number(claim.nonce)))) : new Map<number, Hex>();
  let adopted = 0;
  for (const claim of claims) {
    const holdingIds = claim.holding_ids.map(Number);
    const txHash = claim.tx_hash ?? (unhashed.includes(claim) ? byNonce.get(Number(claim.nonce)) : undefined);
    const tokenIds = (txHash && (await createdBy(chain, txHash))) || [];
    if (tokenIds.length !== holdingIds.length || (await anyTokenTaken(db, tokenIds))) continue;
    await saveHoldingTokens(db, holdingIds.map((holdingId, index) => ({ holdingId, tokenId: tokenIds[index] })));
    log(`Chain anchoring: adopted ${tokenIds.length} token(s) of ${txHash} for holdings ${holdingIds.join(', ')}, created before the last leader stopped`);
    adopted += tokenIds.length;
  }
  await db.delete(anchoringIntents).where(lt(anchoringIntents.custodyNonce, usedNonces));
  return adopted;
}

/** The tokens a mined transaction created (none when it reverted); null while it is not mined. */
async function createdBy(chain: ServerChain, txHash: Hex): Promise<number[] | null> {
  const receipt = (await chain.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { status: string; logs: Log[] } | null;
  if (!receipt) return null;
  return receipt.status === '0x1' ? createdTokenIds(receipt.logs) : [];
}

const SETTLE_WAIT_MS = 5000;

/** The tokens of a claimed transaction once it is mined, or null when its nonce went to another or it stays unmined. */
async function tokensOfSent(chain: ServerChain, sent: SentClaim): Promise<number[] | null> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    // The nonce first: when it was already used and the receipt is still missing, another transaction took it.
    const nonceUsed = (await nonceOf(chain).catch(() => sent.nonce)) > sent.nonce;
    const tokenIds = await createdBy(chain, sent.txHash).catch(() => null);
    if (tokenIds) return tokenIds.length === sent.count ? tokenIds : null;
    if (nonceUsed || Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
