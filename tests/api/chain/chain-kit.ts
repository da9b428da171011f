import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { DEFAULT_CHAIN_ENGINE, type Config } from '@/server/config';
import { certificates, holdings } from '@/server/db/schema';
import type { TestApp } from '@tests/support/test-app';
import type { ChainAuditResponse } from '@/shared/schemas/chain-audit';

/** A fixed custody key: the journal of a test's first app must replay under its restarted app. */
export const TEST_CUSTODY_KEY: Hex = `0x${'5a'.repeat(32)}`;

/** Config overrides that turn the embedded chain on; a generous timeout keeps a loaded machine from flaking. */
export function chainOn(timeoutMs = 20_000): Partial<Config> {
  return {
    loginRateLimitPerMinute: 10_000,
    chain: { enabled: true, rpcUrl: undefined, privateKey: undefined, contractAddress: undefined, timeoutMs, anchorSpacingMs: 100, auditAnchorIntervalMs: 60_000, memoryLimitMb: 2048, stallTimeoutMs: 15_000, engine: testChainEngine() },
  };
}

/** CHAIN_ENGINE runs the chain suites on either engine; the default otherwise. */
export function testChainEngine(): Config['chain']['engine'] {
  const engine = process.env.CHAIN_ENGINE;
  return engine === 'persistent' || engine === 'edr' ? engine : DEFAULT_CHAIN_ENGINE;
}

/** The holding's token once the worker got to it (waits up to 30 s), read back from the database. */
export async function tokenOf(t: TestApp, holdingId: number): Promise<number | null> {
  await t.deps.anchoring!.waitFor({ holdingId }, 30_000);
  const [row] = await t.deps.db.select({ tokenId: holdings.tokenId }).from(holdings).where(eq(holdings.id, holdingId));
  return row.tokenId;
}

/** The certificate's on-chain retirement transaction once the worker got to it (waits up to 30 s). */
export async function retirementTxOf(t: TestApp, certificateId: string): Promise<string | null> {
  await t.deps.anchoring!.waitFor({ certificateId }, 30_000);
  const [row] = await t.deps.db.select({ chainTxHash: certificates.chainTxHash }).from(certificates).where(eq(certificates.id, certificateId));
  return row.chainTxHash;
}

export async function chainCredit(app: FastifyInstance, tokenId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/chain/credits/${tokenId}` });
  if (response.statusCode !== 200) throw new Error(`GET /api/chain/credits/${tokenId}: ${response.statusCode} ${response.body}`);
  return response.json() as { quantity: number; isRetired: boolean; projectName: string; retirementReason: string; rootTokenId: number; owner: string };
}

export async function chainTx(app: FastifyInstance, hash: string) {
  const response = await app.inject({ method: 'GET', url: `/api/chain/tx/${hash}` });
  return { status: response.statusCode, body: response.json() as { found: boolean; status: string | null; blockNumber: number | null } };
}

export function rpc(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/rpc', payload: payload as never, headers: { 'content-type': 'application/json', ...headers } });
}

/** GET /api/chain/audit, parsed. */
export async function chainAudit(app: FastifyInstance): Promise<ChainAuditResponse> {
  const response = await app.inject({ method: 'GET', url: '/api/chain/audit' });
  if (response.statusCode !== 200) throw new Error(`GET /api/chain/audit: ${response.statusCode} ${response.body}`);
  return response.json() as ChainAuditResponse;
}

/** Waits until no holding or certificate waits for the chain any more (anchored, or failed: callers check which). */
export async function anchoringDrained(t: TestApp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = (await t.deps.db.execute(sql`
      select (select count(*) from holdings where token_id is null and anchor_error is null)::int as holdings,
        (select count(*) from certificates c join holdings h on h.id = c.holding_id
          where c.chain_tx_hash is null and c.anchor_error is null and h.anchor_error is null)::int as certificates`) as unknown as { rows: { holdings: number; certificates: number }[] }).rows;
    if (Number(row.holdings) === 0 && Number(row.certificates) === 0) return;
    if (Date.now() > deadline) throw new Error(`anchoring did not drain in ${timeoutMs} ms: ${JSON.stringify(row)}`);
    t.deps.anchoring!.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a full audit sweep now and returns the report that follows it. */
export async function sweptAudit(t: TestApp): Promise<ChainAuditResponse> {
  await t.deps.chainAudit!.sweep();
  return chainAudit(t.app);
}
