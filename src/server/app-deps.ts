import type { ChainAnchoring } from './anchoring/chain-anchoring';
import type { ChainAudit } from './anchoring/chain-audit';
import type { ChainRuntime, ServerChain } from './chain/start-chain';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { StatementRunner } from './db/statement-runner';
import type { Catalogue } from './services/catalogue';
import type { MarketEvents } from './services/market-events';
import type { PlatformStatsCache } from './services/platform-stats';
import type { WebhookSecretBox } from './services/webhooks/webhook-secret-box';

export interface Lifecycle {
  shuttingDown: boolean;
  /** Requests being handled now (market streams excluded); set by buildApp. */
  inFlightRequests?: () => number;
}

/** Everything a route needs, passed in (never imported) so tests build the app on their own database. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  clock: () => Date;
  events: MarketEvents;
  /** Runs the hot-path statements of purchases and trading: prepared on the embedded database, plain on PostgreSQL. */
  statements: StatementRunner;
  catalogue: Catalogue;
  platformStats: PlatformStatsCache;
  /** Seals and opens the webhook endpoints' signing secrets (encrypted at rest). */
  webhookSecrets: WebhookSecretBox;
  /** The chain (embedded or remote); absent when CHAIN_ENABLED=false. */
  chain?: ServerChain;
  /** Anchors holdings and retirements on `chain` in the background; absent with it. */
  anchoring?: ChainAnchoring;
  /** Compares the ledger with the chain (GET /api/chain/audit); absent with the chain. */
  chainAudit?: ChainAudit;
  /** Owns the chain's lifetime (journal, close); absent with it. */
  chainRuntime?: ChainRuntime;
  /** With several instances on PostgreSQL: true while this one holds the anchoring lock (ops/anchoring-leader.ts). */
  anchoringLeader?: () => boolean;
  /** Given by the process entry: it sets `shuttingDown` on SIGTERM (/readyz answers 503), the app counts requests. */
  lifecycle?: Lifecycle;
  /** Tests only: stop a request at a named point, as a crash there would (set on a test app's deps). */
  faults?: { beforeApprovedOrderRun?: (approvalId: number) => Promise<void> };
}
