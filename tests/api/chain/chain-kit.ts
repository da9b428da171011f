import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import type { Config } from '../../../src/server/config';
import { certificates, holdings } from '../../../src/server/db/schema';
import type { TestApp } from '../../support/test-app';

/** A fixed custody key: the journal of a test's first app must replay under its restarted app. */
export const TEST_CUSTODY_KEY: Hex = `0x${'5a'.repeat(32)}`;

/** Config overrides that turn the embedded chain on; a generous timeout keeps a loaded machine from flaking. */
export function chainOn(timeoutMs = 20_000): Partial<Config> {
  return {
    loginRateLimitPerMinute: 10_000,
    chain: { enabled: true, rpcUrl: undefined, privateKey: undefined, contractAddress: undefined, timeoutMs },
  };
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
