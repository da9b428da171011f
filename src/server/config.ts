import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * The embedded chain's engine unless CHAIN_ENGINE says otherwise: persistent, whose start and memory do not grow with
 * history; edr (Hardhat's in-memory EVM, faster to execute) replays the whole journal at every start (docs/chain.md).
 */
export const DEFAULT_CHAIN_ENGINE: 'persistent' | 'edr' = 'persistent';

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  EMBEDDED_VACUUM_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(250),
  EMBEDDED_DB_THREAD: booleanFlag.default(false),
  DEMO_CASH_CENTS: z.coerce.bigint().refine((v) => v >= 0n, 'must be non-negative').default(5_000_000n),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SIGN_IN_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  TRUST_PROXY: z.string().regex(/^[\w.:/, -]+$/, 'must be false, true or a comma-separated list of proxy addresses').default('false'),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  PUBLIC_ORIGIN: z.string().url().optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CHAIN_ENABLED: booleanFlag.default(true),
  CHAIN_RPC_URL: z.string().url().optional(),
  CHAIN_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key').optional(),
  CHAIN_CONTRACT_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address').optional(),
  CHAIN_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  CHAIN_ANCHOR_SPACING_MS: z.coerce.number().int().min(0).default(100),
  AUDIT_ANCHOR_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  CHAIN_MEMORY_LIMIT_MB: z.coerce.number().int().min(128).default(4096),
  CHAIN_STALL_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  CHAIN_ENGINE: z.enum(['persistent', 'edr']).default(DEFAULT_CHAIN_ENGINE),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(5000),
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_SECRET_KEY: z.string().refine((text) => parseWebhookSecretKey(text) !== null, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)').optional(),
  CHAIN_NODE_HOST: z.string().min(1).default('127.0.0.1'),
  CHAIN_NODE_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().max(60_000).default(8000),
});

export type Config = {
  port: number;
  host: string;
  /** postgres://… to use a PostgreSQL server; otherwise the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir: string;
  /** PGlite's page cache (shared_buffers) in MB: it lives in the WebAssembly heap, which never shrinks. */
  embeddedCacheMb: number;
  /** How often the embedded database's most bloated table is vacuumed (PGlite has no autovacuum); 0 turns it off. */
  embeddedVacuumIntervalMs: number;
  /**
   * EMBEDDED_DB_THREAD=true runs a file-backed embedded database on a worker thread of its own, beside HTTP on the main
   * thread. Off by default until a soak on a machine with a core to spare confirms it (docs/performance.md).
   */
  embeddedThread: boolean;
  demoCashCents: bigint;
  sessionTtlMs: number;
  loginRateLimitPerMinute: number;
  /** Failed sign-ins one account may have in a window before sign-in is refused (429) until the window ends. */
  signInFailureLimit: { maxFailures: number; windowMs: number };
  /**
   * Which peers may name the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto): Fastify's `trustProxy`.
   * Off by default, so a forged header can neither dodge the sign-in rate limit nor claim https.
   */
  trustProxy: boolean | string;
  /** Deadlines for slow or silent clients (see plugins/server-timeouts.ts). */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** Origins allowed to send state-changing requests, besides the request's own host. */
  publicOrigin: string | undefined;
  cookieSecure: boolean | undefined;
  seedDemoData: boolean;
  logLevel: string;
  chain: {
    enabled: boolean;
    rpcUrl: string | undefined;
    privateKey: `0x${string}` | undefined;
    contractAddress: `0x${string}` | undefined;
    timeoutMs: number;
    /** Under load, the least time between the starts of two anchoring passes (see chain-anchoring.ts). */
    anchorSpacingMs: number;
    /** How often the audit log's head is put on chain when it moved (audit-head-anchoring.ts). */
    auditAnchorIntervalMs: number;
    /** Resident memory at which the embedded chain's process is killed and restarted. */
    memoryLimitMb: number;
    /** How long the embedded chain's process may go without answering before it is restarted. */
    stallTimeoutMs: number;
    /** The embedded chain's engine (CHAIN_ENGINE): persistent keeps its state in DATA_DIR/chain, edr replays the journal. */
    engine: 'persistent' | 'edr';
  };
  /** Requests per minute each API key may send (per process). */
  apiKeyRateLimitPerMinute: number;
  webhooks: {
    /** Allow endpoints on private, loopback and link-local addresses (and plain http there): for tests and local setups. */
    allowPrivate: boolean;
    /** First retry delay; it doubles per attempt (capped at an hour) for 24 hours. */
    retryBaseMs: number;
    /** How often a worker looks for due deliveries besides the nudge after each commit. */
    pollMs: number;
    timeoutMs: number;
    /**
     * Encrypts the endpoints' signing secrets at rest (AES-256-GCM); unset, a key kept in DATA_DIR (see
     * services/webhooks/webhook-secret-key.ts).
     */
    secretKey: Buffer | undefined;
  };
  /** `npm run chain`: where the standalone chain node serves its JSON-RPC. */
  chainNode: { host: string; port: number };
  /** When set, GET /metrics wants `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** How long SIGTERM waits for in-flight requests and open batches before closing anyway. */
  shutdownGraceMs: number;
};

/**
 * A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padding optional); null otherwise.
 * Shared by WEBHOOK_SECRET_KEY and the key file in DATA_DIR.
 */
export function parseWebhookSecretKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** Parses the environment once; fails listing every bad variable so a misconfiguration is fixed in one go. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedCacheMb: env.EMBEDDED_CACHE_MB,
    embeddedVacuumIntervalMs: env.EMBEDDED_VACUUM_INTERVAL_MS,
    embeddedThread: env.EMBEDDED_DB_THREAD,
    demoCashCents: env.DEMO_CASH_CENTS,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    signInFailureLimit: { maxFailures: env.SIGN_IN_FAILURE_LIMIT, windowMs: env.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000 },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    httpTimeouts: { headersMs: env.HTTP_HEADERS_TIMEOUT_MS, requestMs: env.HTTP_REQUEST_TIMEOUT_MS, keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    publicOrigin: env.PUBLIC_ORIGIN,
    cookieSecure: env.COOKIE_SECURE,
    seedDemoData: env.SEED_DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    chain: {
      enabled: env.CHAIN_ENABLED,
      rpcUrl: env.CHAIN_RPC_URL,
      privateKey: env.CHAIN_PRIVATE_KEY as `0x${string}` | undefined,
      contractAddress: env.CHAIN_CONTRACT_ADDRESS as `0x${string}` | undefined,
      timeoutMs: env.CHAIN_TIMEOUT_MS,
      anchorSpacingMs: env.CHAIN_ANCHOR_SPACING_MS,
      auditAnchorIntervalMs: env.AUDIT_ANCHOR_INTERVAL_MS,
      memoryLimitMb: env.CHAIN_MEMORY_LIMIT_MB,
      stallTimeoutMs: env.CHAIN_STALL_TIMEOUT_MS,
      engine: env.CHAIN_ENGINE,
    },
    apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      pollMs: env.WEBHOOK_POLL_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      secretKey: env.WEBHOOK_SECRET_KEY === undefined ? undefined : parseWebhookSecretKey(env.WEBHOOK_SECRET_KEY) ?? undefined,
    },
    chainNode: { host: env.CHAIN_NODE_HOST, port: env.CHAIN_NODE_PORT },
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}

/** `false`, `true` (any peer: only behind a proxy that overwrites the headers), or addresses and CIDR ranges. */
function parseTrustProxy(value: string): boolean | string {
  if (value === 'false' || value === '0') return false;
  return value === 'true' || value === '1' ? true : value;
}

/** The webhook secret key of tests: fixed, so that a test may restart an app on its database and still deliver. */
export const TEST_WEBHOOK_SECRET_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** A config for tests: in-memory database, no chain, quiet logs, a fixed webhook secret key. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CHAIN_ENABLED: 'false', WEBHOOK_SECRET_KEY: TEST_WEBHOOK_SECRET_KEY });
  return { ...base, ...overrides };
}
