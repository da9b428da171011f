import type { Hex } from 'viem';
import type { Database } from '../db/client';
import {
  loadPendingCertificates, loadPendingHoldings, loadUnappliedJournal,
  saveCertificateFailure, saveCertificateTx, saveHoldingFailure, saveHoldingToken,
} from './anchoring-queries.js';
import { ChainCallError } from './chain-call-error.js';
import { retirementTxOf, tokenCreatedBy } from './chain-lookups.js';
import type { JournalStore } from './journal-store.js';
import { planHoldingAnchor } from './plan-anchor.js';
import type { ServerChain } from './start-chain.js';

export type AnchorOutcome = { tokenId: number } | { chainTxHash: Hex };

export interface AnchoringSweepOptions {
  db: Database;
  chain: ServerChain;
  journal: JournalStore;
  log: (line: string) => void;
  batchSize: number;
  /** A holding (`h:<id>`) or certificate (`c:<id>`) got its result, or failed for good (null). */
  settled: (key: string, outcome: AnchorOutcome | null) => void;
  /** The sweep reached this holding id (for the waiting estimate). */
  reached: (holdingId: number) => void;
  stopped: () => boolean;
}

// A contract refusal will refuse again; anything else (node down, timeout) is worth retrying.
const isPermanent = (error: unknown): error is ChainCallError => error instanceof ChainCallError && error.contractError !== null;
const describe = (error: ChainCallError) => `${error.message}: ${error.contractError?.name}(${error.contractError?.args.join(', ')})`;

/**
 * The chain operations the database still owes, one pass: holdings without a token in id order (mint a purchased
 * lot, split any other lot off its parent's token), then certificates without a transaction (retire the holding's
 * token). Each write is journaled with the row it anchors before its result is saved. A transient failure throws
 * (the caller backs off); a contract refusal marks the row failed.
 */
export function createAnchoringSweep(options: AnchoringSweepOptions) {
  const { db, chain, journal, log, batchSize, settled } = options;

  async function anchorHoldings(): Promise<boolean> {
    const anchored = new Map<number, number>();
    const failed = new Set<number>();
    let progressed = false;
    for (const holding of await loadPendingHoldings(db, batchSize)) {
      if (options.stopped()) break;
      const plan = planHoldingAnchor(holding, anchored, failed);
      options.reached(holding.id);
      if (plan.op === 'wait') continue;
      progressed = true;
      let reason = plan.op === 'fail' ? plan.reason : null;
      if (plan.op !== 'fail') {
        try {
          const tokenId = await journal.withTarget({ holdingId: holding.id }, async () =>
            plan.op === 'mint' ? (await chain.mint(plan.input)).tokenId : (await chain.split(plan.parentTokenId, plan.quantityTonnes)).newTokenId,
          );
          await saveHoldingToken(db, holding.id, tokenId);
          anchored.set(holding.id, tokenId);
          settled(`h:${holding.id}`, { tokenId });
          continue;
        } catch (error) {
          if (!isPermanent(error)) throw error;
          reason = describe(error);
        }
      }
      log(`Holding ${holding.id} cannot be anchored: ${reason}`);
      await saveHoldingFailure(db, holding.id, reason!);
      failed.add(holding.id);
      settled(`h:${holding.id}`, null);
    }
    return progressed;
  }

  async function retireCertificates(): Promise<boolean> {
    let progressed = false;
    for (const certificate of await loadPendingCertificates(db, batchSize)) {
      if (options.stopped()) break;
      progressed = true;
      let reason = certificate.tokenId === null ? `Holding ${certificate.holdingId} could not be anchored` : null;
      if (certificate.tokenId !== null) {
        const tokenId = certificate.tokenId;
        try {
          const { txHash } = await journal.withTarget({ certificateId: certificate.id }, () => chain.retire(tokenId, certificate.reason));
          await settleCertificate(certificate.id, txHash);
          continue;
        } catch (error) {
          if (!isPermanent(error)) throw error;
          // Retired already (by an earlier run whose result was lost): adopt that transaction.
          const earlier = error.contractError?.name === 'CarbonCreditAlreadyRetired' ? await retirementTxOf(chain, tokenId) : null;
          if (earlier) {
            await settleCertificate(certificate.id, earlier);
            continue;
          }
          reason = describe(error);
        }
      }
      log(`Certificate ${certificate.id} cannot be retired on chain: ${reason}`);
      await saveCertificateFailure(db, certificate.id, reason!);
      settled(`c:${certificate.id}`, null);
    }
    return progressed;
  }

  async function settleCertificate(certificateId: string, txHash: Hex): Promise<void> {
    await saveCertificateTx(db, certificateId, txHash);
    settled(`c:${certificateId}`, { chainTxHash: txHash });
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
        if (row.kind === 'retire' && row.certificateId) await settleCertificate(row.certificateId, row.txHash as Hex);
        if (row.kind !== 'retire' && row.holdingId !== null) {
          const tokenId = await tokenCreatedBy(chain, row.txHash);
          if (tokenId === null) continue;
          await saveHoldingToken(db, row.holdingId, tokenId);
          settled(`h:${row.holdingId}`, { tokenId });
        }
        log(`Chain anchoring: applied journaled ${row.kind} ${row.txHash} after a restart`);
      }
    },
  };
}
