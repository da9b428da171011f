import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { IntegrityAttributes } from '@/shared/integrity';

// Money columns are bigint cents read as JS bigint; quantities are whole tonnes.
const cents = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  companyName: text('company_name'),
  profileImageUrl: text('profile_image_url'),
  cashCents: cents('cash_cents').notNull(),
  /** Demo money handed to the account; the cash invariant balances against it. */
  depositedCents: cents('deposited_cents').notNull(),
  walletAddress: text('wallet_address'),
  /** Two-factor sign-in (TOTP, RFC 6238): the secret sealed like webhook secrets; set once a code confirmed it. */
  totpSecret: text('totp_secret'),
  /** A secret shown for enrolment and not yet confirmed by a code; replaced by the next setup. */
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step whose code was accepted: a code is good once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), check('users_cash_non_negative', sql`${t.cashCents} >= 0`)]);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** What the browser said it was and where it came from at sign-in, so the owner can tell sessions apart. */
  userAgent: text('user_agent'),
  ipAddress: text('ip_address'),
  /** The organisation (account) this session acts for; null is the person's own, personal organisation. */
  activeAccountId: integer('active_account_id').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * An organisation's profile. An organisation IS an account (`users` row, which holds its cash and owns its
 * holdings, orders, pools, certificates, keys and webhooks): a person's own row is their personal organisation,
 * a shared one has a row that cannot sign in.
 */
export const organisations = pgTable('organisations', {
  accountId: integer('account_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  country: text('country'),
  lei: text('lei'),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  personal: boolean('personal').notNull(),
  createdAt: createdAt(),
});

/** Who belongs to an organisation and with which role (see domain/organisations/roles.ts). */
export const organisationMembers = pgTable('organisation_members', {
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** What this member may spend per UTC day, in cents, in place of the approval policy's limit; null uses the policy's. */
  dailySpendLimitCents: bigint('daily_spend_limit_cents', { mode: 'bigint' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('organisation_members_user_idx').on(t.userId)]);

/** A single-use, expiring invitation; only a digest of the link's token is stored. */
export const organisationInvites = pgTable('organisation_invites', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [index('organisation_invites_account_idx').on(t.accountId)]);

/** One-time recovery codes for two-factor sign-in, stored as digests; a used code keeps its row with `used_at`. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [index('recovery_codes_user_idx').on(t.userId)]);

/**
 * A password accepted for an account with two-factor sign-in waits here for its code: single-use, short-lived, stored
 * as a digest of the token the browser holds (in the database so that any instance can finish the sign-in).
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins per account (the lower-cased e-mail, whether or not an account has it), in a fixed window that
 * starts at the first failure. In the database so that every app instance counts against the same limit.
 */
export const signInFailures = pgTable('sign_in_failures', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url'),
  projectType: text('project_type').notNull(),
  standard: text('standard').notNull(),
  country: text('country').notNull(),
  vintageYear: integer('vintage_year').notNull(),
  priceCents: cents('price_cents').notNull(),
  totalIssued: integer('total_issued').notNull(),
  availableCredits: integer('available_credits').notNull(),
  /** Next serial number to hand out; serials 1 … totalIssued are sold in order. */
  nextSerial: integer('next_serial').notNull().default(1),
  serialPrefix: text('serial_prefix').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  // Integrity attributes (shared/integrity.ts); every lot of the project carries them, certificates freeze a copy.
  ccpLabel: text('ccp_label').notNull().default('none'),
  corsia: text('corsia').notNull().default('not_eligible'),
  article6: text('article6').notNull().default('not_authorised'),
  correspondingAdjustment: text('corresponding_adjustment').notNull().default('not_applicable'),
  category: text('category').notNull().default('reduction'),
  bufferPoolPercent: integer('buffer_pool_percent'),
  rating: text('rating'),
  ratingOnWatch: boolean('rating_on_watch').notNull().default(false),
  integrityDemoData: boolean('integrity_demo_data').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [check('projects_available_non_negative', sql`${t.availableCredits} >= 0`)]);

/**
 * The rows every trade, purchase and swap writes by the dozen (holdings, orders, trades, transactions) carry no foreign
 * keys to users and projects: each check was a lookup per row, about a third of an order batch's write on the embedded
 * database (migration 0010). What they guarded cannot happen here: accounts and projects are never deleted, and every
 * writer takes the ids from a signed-in session and from the project row it has locked. Lower-volume tables
 * (certificates, pools, LP positions, sessions, keys) keep theirs.
 */
/**
 * A holding is a lot of one project: a contiguous serial range owned by one user (or by a pool).
 * active: spendable; escrowed: locked by a sell order; pooled: a pool's credit reserve; retired: final.
 */
export const holdings = pgTable('holdings', {
  id: serial('id').primaryKey(),
  // No foreign keys on the ledger's hot tables (holdings, orders, trades, transactions): see the note above.
  userId: integer('user_id'),
  projectId: integer('project_id').notNull(),
  quantity: integer('quantity').notNull(),
  serialStart: integer('serial_start').notNull(),
  serialEnd: integer('serial_end').notNull(),
  purchasePriceCents: cents('purchase_price_cents').notNull(),
  purchaseDate: timestamp('purchase_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  status: text('status').notNull().default('active'),
  orderId: integer('order_id'),
  poolId: integer('pool_id'),
  /** Where the tonnes came from: purchase, trade, swap, split, pool. */
  origin: text('origin').notNull().default('purchase'),
  parentHoldingId: integer('parent_holding_id'),
  tokenId: bigint('token_id', { mode: 'number' }),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  retiredReason: text('retired_reason'),
  certificateId: text('certificate_id'),
  /** Why anchoring this holding on chain failed for good (a contract refusal); null while pending or once minted. */
  anchorError: text('anchor_error'),
  createdAt: createdAt(),
}, (t) => [
  // A user's lots by status, with each lot's project and tonnes in the index itself: the dashboard's totals
  // (GET /api/stats/user) and a project's tonnes are summed from it without visiting the lots.
  index('holdings_user_totals_idx').on(t.userId, t.status, t.projectId, t.quantity),
  // A user's lots newest first (GET /api/credits/my): the dashboard's newest three are read from its end instead of
  // sorting every lot a trader ever held (23 ms at 16,500 lots, and growing with the history).
  index('holdings_user_newest_idx').on(t.userId, t.purchaseDate, t.id),
  // A user's retired lots, newest retirement first (the Portfolio's Retirement History, paged): every retirement adds one.
  index('holdings_user_retired_idx').on(t.userId, t.retiredAt, t.id).where(sql`${t.status} = 'retired'`),
  index('holdings_project_idx').on(t.projectId, t.status),
  // A seller's active lots of one project, oldest first: what an order batch escrows. Trading fragments lots into
  // many 1 t pieces, and without it every batch sorts all of a seller's active lots of every project.
  index('holdings_seller_lots_idx').on(t.userId, t.projectId, t.purchaseDate, t.id).where(sql`${t.status} = 'active'`),
  // A pool's reserve, oldest first: what a batch of buy swaps takes. Swaps split the reserve into many 1 t pieces.
  index('holdings_pool_lots_idx').on(t.projectId, t.purchaseDate, t.id).where(sql`${t.status} = 'pooled'`),
  // The anchoring worker walks split trees and sweeps the holdings that still have no token.
  index('holdings_parent_idx').on(t.parentHoldingId),
  index('holdings_unanchored_idx').on(t.id).where(sql`${t.tokenId} is null`),
  check('holdings_quantity_positive', sql`${t.quantity} > 0`),
  check('holdings_serial_range', sql`${t.serialEnd} - ${t.serialStart} + 1 = ${t.quantity}`),
]);

export const transactions = pgTable('transactions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  type: text('type').notNull(),
  projectId: integer('project_id'),
  holdingId: integer('holding_id'),
  quantity: integer('quantity').notNull(),
  /** Cash that left (purchases, buys) or reached (sales) the user, fee included. */
  totalCents: cents('total_cents').notNull(),
  feeCents: cents('fee_cents').notNull().default(sql`0`),
  certificateId: text('certificate_id'),
  createdAt: createdAt(),
}, (t) => [index('transactions_user_idx').on(t.userId, t.createdAt)]);

export const certificates = pgTable('certificates', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  holdingId: integer('holding_id').notNull().references(() => holdings.id),
  projectId: integer('project_id').notNull().references(() => projects.id),
  beneficiary: text('beneficiary').notNull(),
  reason: text('reason').notNull(),
  quantity: integer('quantity').notNull(),
  serialStart: integer('serial_start').notNull(),
  serialEnd: integer('serial_end').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }).notNull(),
  chainTxHash: text('chain_tx_hash'),
  /** Why the on-chain retirement failed for good; null while pending or once retired on chain. */
  anchorError: text('anchor_error'),
  /** Canonical-content version the digest uses: 1 before claims and labels existed, 2 since (both stay verifiable). */
  contentVersion: integer('content_version').notNull().default(1),
  /** The retirement claim (shared/retirement-claim.ts); null on version-1 certificates and when none was stated. */
  claimPurpose: text('claim_purpose'),
  claimPeriodStart: text('claim_period_start'),
  claimPeriodEnd: text('claim_period_end'),
  claimCountry: text('claim_country'),
  claimSubdivision: text('claim_subdivision'),
  /** The project's integrity attributes as they stood at retirement: the label stays with the retired unit. */
  integrity: jsonb('integrity').$type<IntegrityAttributes>(),
  /**
   * The organisation that retired (its legal name when it has one), as it was named at retirement, so a later rename
   * leaves the certificate as issued. Null for a person's organisation of one without a legal name: the certificate
   * names only the beneficiary, as before organisations. `user_id` is that organisation's account.
   */
  retiredByOrganisation: text('retired_by_organisation'),
  createdAt: createdAt(),
}, (t) => [
  index('certificates_user_idx').on(t.userId),
  // The public registry lists every retirement newest first.
  index('certificates_retired_idx').on(t.retiredAt, t.id),
  uniqueIndex('certificates_holding_key').on(t.holdingId),
  index('certificates_unanchored_idx').on(t.holdingId).where(sql`${t.chainTxHash} is null`),
]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  projectId: integer('project_id').notNull(),
  orderType: text('order_type').notNull(),
  quantity: integer('quantity').notNull(),
  filledQuantity: integer('filled_quantity').notNull().default(0),
  remainingQuantity: integer('remaining_quantity').notNull(),
  priceCents: cents('price_cents').notNull(),
  /** Cash still locked by a buy order; 0 for sells and once the order is done. */
  lockedCents: cents('locked_cents').notNull().default(sql`0`),
  status: text('status').notNull().default('open'),
  /** Arrival sequence for time priority, independent of clock resolution. */
  sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  /** GTC, IOC or FOK (issue 31); orders placed before it are GTC. A stored market order is IOC. */
  timeInForce: text('time_in_force').notNull().default('GTC'),
  /** Placed post-only: it was never allowed to take. */
  postOnly: boolean('post_only').notNull().default(false),
  /** A GTD order's end: it never fills at or after it, and the expiry sweep cancels it. Null for every other kind. */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  /**
   * A stop or stop-limit order's trigger (issue 31): it waits with status 'pending_trigger' (holding its lock or
   * escrow, out of the book) until the last book trade price reaches it. Null for every other order.
   */
  stopPriceCents: cents('stop_price_cents'),
  /** A stop order that trades at the market once triggered (a buy within its price, the most it pays); false for a stop-limit. */
  stopMarket: boolean('stop_market').notNull().default(false),
  /** When a stop order was triggered and entered the book; null before (and for every other order). */
  triggeredAt: timestamp('triggered_at', { withTimezone: true, mode: 'date' }),
  /** cancel_newest (the default, and every order placed before issue 31's modes), cancel_oldest or skip. */
  selfTradePrevention: text('self_trade_prevention').notNull().default('cancel_newest'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  // Live orders alone, in price order per side: the desk reads a side's next orders after its cursor by it, the book's
  // depth and the routed market orders walk it. Filled and cancelled orders (most rows) never enter it.
  index('orders_live_idx').on(t.projectId, t.orderType, t.priceCents, t.sequence).where(sql`${t.status} in ('open', 'partially_filled')`),
  index('orders_user_idx').on(t.userId, t.createdAt),
  // A user's live orders (untriggered stops too): counted on the dashboard, listed and cancelled by owner, without
  // walking every order the user ever placed.
  index('orders_user_live_idx').on(t.userId, t.projectId).where(sql`${t.status} in ('open', 'partially_filled', 'pending_trigger')`),
  // The expiry sweep's query: live GTD orders by end.
  // Untriggered stops of a project: the desk loads them all, the trigger sweep and the lock count them.
  index('orders_pending_stops_idx').on(t.projectId).where(sql`${t.status} = 'pending_trigger'`),
  index('orders_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null and ${t.status} in ('open', 'partially_filled')`),
  check('orders_fill_sum', sql`${t.filledQuantity} + ${t.remainingQuantity} = ${t.quantity}`),
  check('orders_locked_non_negative', sql`${t.lockedCents} >= 0`),
]);

/**
 * Versions of what the trading desk keeps in memory per project (services/trading, domain BookCache and TraderCache),
 * bumped under the project lock in the statement that takes it. `book_version`: the orders and their escrow, moved
 * by every writer of orders (the trading desk, a routed market order). `lots_version`: the traders' active lots, moved
 * by those and by every other writer that takes the project lock (retirements, pools). A desk that finds a version
 * moved by exactly its own bump knows that what it cached is still what the database holds.
 */
export const projectVersions = pgTable('project_versions', {
  projectId: integer('project_id').primaryKey(),
  bookVersion: bigint('book_version', { mode: 'number' }).notNull(),
  lotsVersion: bigint('lots_version', { mode: 'number' }).notNull(),
});

export const trades = pgTable('trades', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull(),
  buyOrderId: integer('buy_order_id'),
  sellOrderId: integer('sell_order_id'),
  buyerId: integer('buyer_id'),
  sellerId: integer('seller_id'),
  /** book: matched against a resting order; pool: a swap against the AMM. */
  venue: text('venue').notNull().default('book'),
  priceCents: cents('price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  totalCents: cents('total_cents').notNull(),
  createdAt: createdAt(),
}, (t) => [index('trades_project_idx').on(t.projectId, t.createdAt)]);

export const pools = pgTable('pools', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => projects.id).unique(),
  creditReserve: bigint('credit_reserve', { mode: 'bigint' }).notNull(),
  cashReserveCents: cents('cash_reserve_cents').notNull(),
  totalLpUnits: bigint('total_lp_units', { mode: 'bigint' }).notNull(),
  createdAt: createdAt(),
});

export const lpPositions = pgTable('lp_positions', {
  poolId: integer('pool_id').notNull().references(() => pools.id),
  userId: integer('user_id').notNull().references(() => users.id),
  lpUnits: bigint('lp_units', { mode: 'bigint' }).notNull(),
}, (t) => [primaryKey({ columns: [t.poolId, t.userId] })]);

/**
 * Every mined transaction of the custody account (and raw ones sent through /rpc), in chain order. The embedded chain
 * replays the `embedded` rows at start-up, so hashes, token ids and states survive a restart; holding / certificate
 * link an anchoring transaction to the row it anchors, so a crash between mining and recording the result is repaired.
 */
export const chainJournal = pgTable('chain_journal', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** embedded: replayed at start-up; remote: an audit trail of what was sent to CHAIN_RPC_URL. */
  source: text('source').notNull(),
  /** deploy | mint | split | retire | transfer | rpc */
  kind: text('kind').notNull(),
  rawTransaction: text('raw_transaction').notNull(),
  txHash: text('tx_hash').notNull(),
  /** Seconds since the epoch of the block that included it. */
  blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
  /** success | reverted */
  status: text('status').notNull(),
  holdingId: integer('holding_id'),
  certificateId: text('certificate_id'),
  /** Every row an anchoring batch anchors, in the order of its events: holding ids (mint, split) or certificate ids (retire). */
  targets: jsonb('targets').$type<(number | string)[]>(),
  createdAt: createdAt(),
}, (t) => [
  index('chain_journal_source_idx').on(t.source, t.id),
  index('chain_journal_tx_hash_idx').on(t.txHash),
]);

export const seedState = pgTable('seed_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  done: boolean('done').notNull().default(true),
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The stored first answer of a request sent with an `Idempotency-Key`, per account, for 24 hours. Written by the same
 * transaction as the work it answers, so a key never exists without its work nor the work without its key. No
 * foreign key to users on purpose: its check cost a lookup on every keyed request (a fifth of the key's write on the
 * embedded database), accounts are never deleted, and a row is only read by the (user_id, key) that wrote it.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull(),
  key: text('key').notNull(),
  /** sha256 of method, path and body: the same key with another request is refused. */
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status').notNull(),
  responseBody: text('response_body').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expiry_idx').on(t.expiresAt)]);

/** API keys for machine clients; only a digest of the secret is kept. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The first characters of the secret, shown so that a user can tell keys apart. */
  prefix: text('prefix').notNull(),
  secretHash: text('secret_hash').notNull().unique(),
  scopes: text('scopes').array().notNull(),
  /** The person who created the key in an organisation: the key acts with at most their role. Null: the account's own person. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
}, (t) => [index('api_keys_user_idx').on(t.userId)]);

/** A price held for one account until `expiresAt`: a purchase naming it pays `priceCents`. */
export const quotes = pgTable('quotes', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id),
  quantity: integer('quantity').notNull(),
  priceCents: cents('price_cents').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  /**
   * The signing secret (`whsec_…`, shown to the user once), sealed with WEBHOOK_SECRET_KEY (`enc:v1:…`, see
   * services/webhooks/webhook-secret-box.ts): the worker opens it to sign each delivery.
   */
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  disabledAt: at('disabled_at'),
}, (t) => [index('webhook_endpoints_user_idx').on(t.userId)]);

/** The outbox: one row per event and endpoint, written in the transaction that caused the event. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  /** `msg_…`: the Standard Webhooks `webhook-id`, the same on every attempt so receivers can drop duplicates. */
  messageId: text('message_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: text('payload').notNull(),
  /** pending | delivered | failed */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull(),
  /** A worker's claim: other instances skip the row until then. */
  leasedUntil: at('leased_until'),
  lastStatusCode: integer('last_status_code'),
  lastLatencyMs: integer('last_latency_ms'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  deliveredAt: at('delivered_at'),
}, (t) => [
  index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
]);

/** Each delivery attempt, for the delivery log. */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deliveryId: bigint('delivery_id', { mode: 'number' }).notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attemptedAt: at('attempted_at').notNull(),
  statusCode: integer('status_code'),
  latencyMs: integer('latency_ms').notNull(),
  error: text('error'),
}, (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)]);

/**
 * Written by the anchoring leader for each token-creating transaction, once signed and before it is sent, when several
 * instances share a remote chain (ops/anchoring-intents.ts): the holdings (in the order of the transaction's events),
 * its custody nonce and hash, and the leader's term. If the leader dies after the chain mined it but before the tokens
 * reached the holdings, the next leader finds the transaction by its hash and adopts its tokens instead of minting them
 * a second time. Rows from before terms (migration 0022) have neither term nor hash and are found by nonce.
 */
export const anchoringIntents = pgTable('anchoring_intents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  holdingIds: integer('holding_ids').array().notNull(),
  custodyNonce: integer('custody_nonce').notNull(),
  term: bigint('term', { mode: 'number' }),
  txHash: text('tx_hash'),
  createdAt: createdAt(),
}, (t) => [index('anchoring_intents_nonce_idx').on(t.custodyNonce)]);

/**
 * The anchoring leaders' term counter (one row, id 1). Each new leader raises it; an intent is written only while its
 * leader's term is still the current one, so a deposed leader that has not noticed yet can send no more mints.
 */
export const anchoringTerms = pgTable('anchoring_terms', {
  id: smallint('id').primaryKey(),
  term: bigint('term', { mode: 'number' }).notNull(),
});

/**
 * An organisation's maker–checker policy (issue 30 item 3); no row, or a null field, means that check is off. The
 * daily spend limit applies to each member alike.
 */
export const approvalPolicies = pgTable('approval_policies', {
  accountId: integer('account_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  retireTonnes: integer('retire_tonnes'),
  spendCents: bigint('spend_cents', { mode: 'bigint' }),
  ttlHours: integer('ttl_hours').notNull().default(72),
  dailySpendLimitCents: bigint('daily_spend_limit_cents', { mode: 'bigint' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A request that needs an approver: the validated request body, what it is worth, and its decision. `status` goes
 * pending → approved (executed) | failed (approved but the execution was refused) | rejected | expired; an approved
 * order passes through 'executing' while the desk runs it (see approveOrder).
 */
export const approvalRequests = pgTable('approval_requests', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  requesterId: integer('requester_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  body: jsonb('body').notNull(),
  valueCents: bigint('value_cents', { mode: 'bigint' }).notNull(),
  quantity: integer('quantity').notNull(),
  summary: text('summary').notNull(),
  status: text('status').notNull(),
  comment: text('comment'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  result: jsonb('result'),
  failure: text('failure'),
  createdAt: createdAt(),
}, (t) => [
  index('approval_requests_account_status_idx').on(t.accountId, t.status), index('approval_requests_requester_idx').on(t.requesterId),
  // The expiry sweep's scan: only pending requests, by expiry.
  index('approval_requests_pending_expiry_idx').on(t.expiresAt).where(sql`status = 'pending'`),
]);

/** What each member spent (purchases, orders), for the per-member daily spend limit. */
export const memberSpends = pgTable('member_spends', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  valueCents: bigint('value_cents', { mode: 'bigint' }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('member_spends_member_day_idx').on(t.accountId, t.userId, t.createdAt)]);

/**
 * The audit log: every state-changing action, appended in the action's own transaction and hash-chained (each entry
 * holds the previous entry's hash; domain/audit/audit-chain.ts). One global chain, so one head to anchor.
 */
export const auditEntries = pgTable('audit_entries', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  personId: integer('person_id'),
  accountId: integer('account_id'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  requestId: text('request_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  apiKeyId: integer('api_key_id'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
}, (t) => [index('audit_entries_account_seq_idx').on(t.accountId, t.seq)]);

/** The chain's head: one row (id 1), locked by every append so that appends from several instances chain in order. */
export const auditHead = pgTable('audit_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/**
 * The audit log's head as put on chain (audit-head-anchoring.ts), one row per anchor: the head's sequence and hash,
 * and the transaction that carries them. A rewrite of the log that recomputes every hash no longer matches these.
 */
export const auditAnchors = pgTable('audit_anchors', {
  id: serial('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().unique(),
  hash: text('hash').notNull(),
  chainId: integer('chain_id').notNull(),
  txHash: text('tx_hash').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  anchoredAt: timestamp('anchored_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An organisation's alert rule on one project (issue 31 item 4). The evaluator (services/alerts) keeps its state here:
 * `armed` for price rules (fires on a crossing, re-arms when the price comes back), `observed` for label and rating
 * rules (the last value seen), and `firedCount`, which numbers each firing for its notification's unique key.
 */
export const alertRules = pgTable('alert_rules', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The person who made the rule within the organisation. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  projectId: integer('project_id').notNull().references(() => projects.id),
  /** price_above | price_below | order_filled | label_changed | rating_changed */
  kind: text('kind').notNull(),
  thresholdCents: cents('threshold_cents'),
  armed: boolean('armed').notNull().default(true),
  observed: text('observed'),
  firedCount: integer('fired_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index('alert_rules_project_idx').on(t.projectId, t.id), index('alert_rules_account_idx').on(t.accountId, t.id)]);

/**
 * The in-app notifications of fired rules (the bell). `(rule_id, occurrence)` is unique: a rule's nth price crossing,
 * nth label change or one filled order fires once, whichever instance evaluates it and however often.
 */
export const alertNotifications = pgTable('alert_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ruleId: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
  /** `fire:<n>` for price, label and rating rules; `order:<id>` for an order filled. */
  occurrence: text('occurrence').notNull(),
  kind: text('kind').notNull(),
  projectId: integer('project_id').notNull(),
  projectName: text('project_name').notNull(),
  message: text('message').notNull(),
  data: jsonb('data').$type<Record<string, string | number | null>>().notNull(),
  createdAt: createdAt(),
  readAt: at('read_at'),
}, (t) => [
  uniqueIndex('alert_notifications_occurrence_key').on(t.ruleId, t.occurrence),
  index('alert_notifications_account_idx').on(t.accountId, t.id),
  index('alert_notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} is null`),
]);
