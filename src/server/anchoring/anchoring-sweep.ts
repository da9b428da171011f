import type { Hex } from 'viem';
import type { Database } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';
import {
  loadPendingCertificates, loadPendingHoldings, loadUnappliedJournal,
  saveCertificateFailure, saveCertificateTxs, saveHoldingFailure, saveHoldingTokens,
  type PendingCertificate,
} from './anchoring-queries';
import type { MintCreditInput, SplitCreditInput } from '@/server/chain/carbon-credit';
import { ChainCallError } from '@/server/chain/chain-call-error';
import { retirementTxOf } from './chain-lookups';
import { createdTokenIds } from '@/server/chain/created-token-ids';
import type { JournalStore } from '@/server/chain/journal-store';
import { planHoldingAnchor } from './plan-anchor';
import type { ServerChain } from '@/server/chain/start-chain';

export type AnchorOutcome = { tokenId: number } | { chainTxHash: Hex };

export interface AnchoringSweepOptions {
  db: Database;
  /** Runs the per-pass statements: prepared on the embedded database. */
  statements: StatementRunner;
  chain: ServerChain;
  journal: JournalStore;
  log: (line: string) => void;
  /** Rows loaded per pass. */
  batchSize: number;
  /** Operations per chain transaction. */
  operationsPerTransaction: number;
  /** A holding (`h:<id>`) or certificate (`c:<id>`) got its result, or failed (null). */
  settled: (key: string, outcome: AnchorOutcome | null) => void;
  /** The sweep reached this holding id (for the waiting estimate). */
  reached: (holdingId: number) => void;
  stopped: () => boolean;
}

// A contract refusal will refuse again; anything else (node down, timeout) is worth retrying.
const isPermanent = (error: unknown): error is ChainCallError => error instanceof ChainCallError && error.contractError !== null;
const describe = (error: ChainCallError) => `${error.message}: ${error.contractError?.name}(${error.contractError?.args.join(', ')})`;

type HoldingOp = { holdingId: number } & ({ op: 'mint'; input: MintCreditInput } | { op: 'split'; input: SplitCreditInput });

/** Saves running behind the chain; the first failure is rethrown once all have settled (the caller backs off). */
class PendingSaves {
  private readonly running: Promise<void>[] = [];
  private failure: unknown = null;

  add(save: Promise<void>): void {
    this.running.push(save.catch((error: unknown) => void (this.failure ??= error)));
  }

  async settled(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }
}

/**
 * The chain operations the database still owes, one pass: holdings without a token in id order, in waves (mint the
 * issued lots and split every lot whose parent has a token, then the lots whose parents just got one), then
 * certificates without a transaction (retire the holding's token). Each wave goes out in batches of
 * `operationsPerTransaction`, journaled with the rows they anchor before the results are saved. A transient failure
 * throws (the caller backs off); a contract refusal of a batch is narrowed down by halves to the rows that cause it,
 * which are marked failed (retried at the next start, reported by the audit) while the rest go through.
 */
export function createAnchoringSweep(options: AnchoringSweepOptions) {
  const { db, statements, chain, journal, log, batchSize, settled } = options;
  const chunk = <T>(items: readonly T[]) =>
    Array.from({ length: Math.ceil(items.length / options.operationsPerTransaction) }, (_, i) =>
      items.slice(i * options.operationsPerTransaction, (i + 1) * options.operationsPerTransaction));

  async function anchorHoldings(): Promise<boolean> {
    const anchored = new Map<number, number>();
    let waiting = await loadPendingHoldings(db, batchSize, statements);
    let progressed = false;
    while (waiting.length > 0 && !options.stopped()) {
      const ops: HoldingOp[] = [];
      const next: typeof waiting = [];
      for (const holding of waiting) {
        const plan = planHoldingAnchor(holding, anchored);
        options.reached(holding.id);
        if (plan.op === 'wait') next.push(holding);
        else if (plan.op === 'fail') await failHolding(holding.id, plan.reason);
        else ops.push({ holdingId: holding.id, ...plan });
        if (plan.op !== 'wait') progressed = true;
      }
      if (ops.length === 0) break;
      const saves = new PendingSaves();
      try {
        for (const op of ['mint', 'split'] as const) {
          for (const batch of chunk(ops.filter((item) => item.op === op))) await sendHoldings(batch, anchored, saves);
        }
      } finally {
        // Before anything reads the rows again (the next wave, the next pass, the retirements): a row whose token is
        // still being saved would otherwise look pending and be minted twice.
        await saves.settled();
      }
      waiting = next;
    }
    return progressed;
  }

  // A batch's tokens are saved while the next batch is on the chain: the chain thread and the database take turns
  // instead of waiting for each other.
  async function sendHoldings(batch: HoldingOp[], anchored: Map<number, number>, saves: PendingSaves): Promise<void> {
    if (options.stopped() || batch.length === 0) return;
    const holdingIds = batch.map((item) => item.holdingId);
    try {
      const tokenIds = await journal.withTarget({ holdingIds }, async () =>
        batch[0].op === 'mint'
          ? (await chain.mintBatch(batch.map((item) => item.input as MintCreditInput))).tokenIds
          : (await chain.splitBatch(batch.map((item) => item.input as SplitCreditInput))).newTokenIds,
      );
      holdingIds.forEach((holdingId, i) => anchored.set(holdingId, tokenIds[i]));
      saves.add(applyTokens(holdingIds, tokenIds));
    } catch (error) {
      if (!isPermanent(error)) throw error;
      if (batch.length === 1) return failHolding(batch[0].holdingId, describe(error));
      const half = Math.ceil(batch.length / 2);
      await sendHoldings(batch.slice(0, half), anchored, saves);
      await sendHoldings(batch.slice(half), anchored, saves);
    }
  }

  async function applyTokens(holdingIds: readonly number[], tokenIds: readonly number[]): Promise<void> {
    await saveHoldingTokens(db, holdingIds.map((holdingId, i) => ({ holdingId, tokenId: tokenIds[i] })), statements);
    holdingIds.forEach((holdingId, i) => settled(`h:${holdingId}`, { tokenId: tokenIds[i] }));
  }

  async function failHolding(holdingId: number, reason: string): Promise<void> {
    log(`Holding ${holdingId} cannot be anchored: ${reason}`);
    await saveHoldingFailure(db, holdingId, reason);
    settled(`h:${holdingId}`, null);
  }

  async function retireCertificates(): Promise<boolean> {
    const pending = await loadPendingCertificates(db, batchSize, statements);
    for (const batch of chunk(pending)) await sendRetirements(batch);
    return pending.length > 0;
  }

  async function sendRetirements(batch: PendingCertificate[]): Promise<void> {
    if (options.stopped() || batch.length === 0) return;
    try {
      const certificateIds = batch.map((certificate) => certificate.id);
      const { txHash } = await journal.withTarget({ certificateIds }, () =>
        chain.retireBatch(batch.map((certificate) => ({ tokenId: certificate.tokenId, reason: certificate.reason }))));
      await applyRetirement(certificateIds, txHash);
    } catch (error) {
      if (!isPermanent(error)) throw error;
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        await sendRetirements(batch.slice(0, half));
        return sendRetirements(batch.slice(half));
      }
      const [certificate] = batch;
      // Retired already (by an earlier run whose result was lost): adopt that transaction.
      const earlier = error.contractError?.name === 'CarbonCreditAlreadyRetired' ? await retirementTxOf(chain, certificate.tokenId) : null;
      if (earlier) return applyRetirement([certificate.id], earlier);
      log(`Certificate ${certificate.id} cannot be retired on chain: ${describe(error)}`);
      await saveCertificateFailure(db, certificate.id, describe(error));
      settled(`c:${certificate.id}`, null);
    }
  }

  async function applyRetirement(certificateIds: readonly string[], txHash: Hex): Promise<void> {
    await saveCertificateTxs(db, certificateIds, txHash);
    for (const certificateId of certificateIds) settled(`c:${certificateId}`, { chainTxHash: txHash });
  }

  return {
    /** One pass; true when it changed anything (so another pass may find more). */
    async sweep(): Promise<boolean> {
      const progressed = await anchorHoldings();
      return (await retireCertificates()) || progressed;
    },

    /** Applies journaled results that never reached their rows (a crash in between), before anything is sent. */
    async reconcile(): Promise<void> {
      for (const row of await loadUnappliedJournal(db, journal.source)) {
        if (row.kind === 'retire') await applyRetirement(row.targets, row.txHash as Hex);
        else {
          const receipt = (await chain.request({ method: 'eth_getTransactionReceipt', params: [row.txHash] })) as { logs: never[] } | null;
          const tokenIds = receipt ? createdTokenIds(receipt.logs) : [];
          if (tokenIds.length !== row.targets.length) continue;
          await applyTokens(row.targets.map(Number), tokenIds);
        }
        log(`Chain anchoring: applied journaled ${row.kind} ${row.txHash} after a restart`);
      }
    },
  };
}
