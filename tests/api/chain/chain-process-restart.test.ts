import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects } from '@tests/support/api-calls';
import { sampleValue, scrapeMetrics } from '@tests/support/prometheus';
import { retire } from '@tests/api/retirement/retirement-kit';
import { anchoringDrained, chainOn, sweptAudit, TEST_CUSTODY_KEY } from './chain-kit';

/**
 * Each test restarts a chain process once or twice. With DATA_DIR=memory:// the persistent engine's store dies with
 * the process, so a restart executes the whole journal again, in a process at nice 10: on a loaded 2-core machine
 * (load average 20) two such restarts took over the 60 s default. Not a measure of speed, only room to finish.
 */
const RESTART_TEST_TIMEOUT_MS = 180_000;

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY, sweepIntervalMs: 500 } });
  projects = await listProjects(t.app);
});
afterAll(() => t?.close());

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const health = async () => (await t.app.inject('/api/chain/health')).json();
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.deps.db.execute(query) as unknown as { rows: T[] }).rows;

describe('when the chain process is killed in the middle of anchoring', () => {
  it('keeps serving the API, restarts the node, and anchors every holding and certificate exactly once', async () => {
    const { cookie } = await signUp(t.app);
    const bought = [];
    for (let i = 0; i < 6; i++) bought.push((await buyCredits(t.app, cookie, projects[i % projects.length], 3 + i)).credit);
    // More work arrives and the node dies while it is being anchored.
    const more = Promise.all(Array.from({ length: 12 }, (_, i) => buyCredits(t.app, cookie, projects[i % projects.length], 2)));
    t.deps.chain!.killNode!('killed by the test');
    const [projectsAnswer, ready, chainRead] = await Promise.all([
      t.app.inject('/api/projects'), t.app.inject('/readyz'), t.app.inject(`/api/chain/tx/0x${'00'.repeat(32)}`),
    ]);
    expect(projectsAnswer.statusCode).toBe(200);
    expect(ready.statusCode).toBe(200);
    // A chain read while the node is down: unavailable (503, with the reason), never a 500.
    expect(chainRead.statusCode).toBe(503);
    expect(chainRead.json().message).toMatch(/restart|stopped/);
    bought.push(...(await more).map((answer) => answer.credit));
    expect((await retire(t.app, cookie, bought[0].id, { reason: 'After the crash' })).statusCode).toBe(201);

    const back = await until('chain health', health, (body) => body.serving === true);
    expect(back.node).toMatchObject({ state: 'up', restarts: 1, lastExit: 'killed by the test', replay: { state: 'done' } });
    await anchoringDrained(t);

    // Exactly once: every token belongs to one holding, the chain holds no token the ledger does not, and the audit
    // finds nothing.
    const [counts] = await rows<{ tokens: number; distinct: number }>(sql`
      select count(token_id)::int as tokens, count(distinct token_id)::int as distinct from holdings where token_id is not null`);
    expect(counts.tokens).toBe(counts.distinct);
    expect(Number(await t.deps.chain!.totalSupply())).toBe(counts.tokens);
    const audit = await sweptAudit(t);
    expect(audit.mismatches).toEqual([]);
    expect(audit.status).toBe('anchored');
  }, RESTART_TEST_TIMEOUT_MS);
});

describe('when the replay diverges from the journal', () => {
  it('is reported by the audit, the health detail and a metric, while the API stays ready', async () => {
    await anchoringDrained(t);
    // A journaled outcome that the chain will not reproduce: the mint recorded as reverted.
    await t.deps.db.execute(sql`
      update chain_journal set status = 'reverted' where id = (select min(id) from chain_journal where kind = 'mint' and source = 'embedded')`);
    t.deps.chain!.killNode!('killed to replay a tampered journal');
    const diverged = await until('chain health', health, (body) => body.node?.replay?.state === 'diverged');
    expect(diverged.serving).toBe(false);
    expect(diverged.node.replay.divergence).toMatchObject({ entryIndex: expect.any(Number), detail: 'reverted before, success now' });
    expect(diverged.node.divergences).toBeGreaterThanOrEqual(1);

    const audit = (await t.app.inject('/api/chain/audit')).json();
    expect(audit.status).toBe('attention');
    expect(audit.node.replay.state).toBe('diverged');

    const metrics = await scrapeMetrics(t.app);
    expect(sampleValue(metrics, 'marketplace_chain_replay_diverged')).toBe(1);
    expect(sampleValue(metrics, 'marketplace_chain_replay_divergences_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, 'marketplace_chain_node_up')).toBe(0);

    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    expect((await t.app.inject('/api/projects')).statusCode).toBe(200);

    // The repair: the journal put right (here, undone), the retried replay goes through.
    await t.deps.db.execute(sql`
      update chain_journal set status = 'success' where id = (select min(id) from chain_journal where kind = 'mint' and source = 'embedded')`);
    t.deps.chain!.killNode!('killed after the repair');
    const repaired = await until('chain health', health, (body) => body.serving === true);
    expect(repaired.node.replay).toMatchObject({ state: 'done', divergence: null });
  }, RESTART_TEST_TIMEOUT_MS);
});

describe('the chain process watchdog', () => {
  it('kills and restarts a stalled chain process (SIGSTOP) while the API keeps answering', async () => {
    const stalled = await createTestApp({ chain: { ...chainOn().chain!, stallTimeoutMs: 1500 } }, { chain: { privateKey: TEST_CUSTODY_KEY } });
    try {
      const { pid } = stalled.deps.chain!.nodeHealth!();
      process.kill(pid!, 'SIGSTOP');
      expect((await stalled.app.inject('/api/projects')).statusCode).toBe(200);
      expect((await stalled.app.inject('/readyz')).statusCode).toBe(200);
      const back = await until('restart', async () => (await stalled.app.inject('/api/chain/health')).json(), (body) => body.serving && body.node.restarts >= 1);
      // On a loaded machine a 1.5 s stall timeout may fire again after the restart; the first kill was the stall.
      expect(back.node.lastExit).toMatch(/without answering/);
      expect(stalled.deps.chain!.nodeHealth!().pid).not.toBe(pid);
    } finally {
      await stalled.close();
    }
  }, RESTART_TEST_TIMEOUT_MS);

  it('kills a chain process whose memory passes the limit once its replay is done, and restarts it', async () => {
    // The default engine keeps its memory flat whatever it is asked (its point), so the process is made to hold more
    // through its test-only ballast (chain-process-entry.mjs), read from the environment when it is forked.
    process.env.CHAIN_PROCESS_TEST_BALLAST_MB = '64';
    const small = await createTestApp({ chain: { ...chainOn().chain!, memoryLimitMb: 128 } }, { chain: { privateKey: TEST_CUSTODY_KEY } })
      .finally(() => delete process.env.CHAIN_PROCESS_TEST_BALLAST_MB);
    try {
      await until('chain serving', async () => (await small.app.inject('/api/chain/health')).json(), (body) => body.serving === true);
      const { pid } = small.deps.chain!.nodeHealth!();
      // The limit is the configured one or half again the replayed history: 64 MB more at a time passes it.
      const node = await until('memory kill', async () => {
        const health = small.deps.chain!.nodeHealth!();
        if (health.pid === pid && health.state === 'up') process.kill(pid!, 'SIGUSR2');
        await new Promise((resolve) => setTimeout(resolve, 500));
        return small.deps.chain!.nodeHealth!();
      }, (health) => /over its \d+ MB limit/.test(health.lastExit ?? ''), 40_000);
      expect(node.lastExit).toMatch(/killed at \d+ MB resident, over its \d+ MB limit/);
      expect((await small.app.inject('/api/projects')).statusCode).toBe(200);
      const back = await until('restart', async () => small.deps.chain!.nodeHealth!(), (health) => health.state === 'up' && health.restarts >= 1);
      expect(back.pid).not.toBe(pid);
    } finally {
      await small.close();
    }
  }, RESTART_TEST_TIMEOUT_MS);

  it('kills an EDR chain process inflated by public calls at the gas cap (their EVM traces), and restarts it', async () => {
    const small = await createTestApp({ chain: { ...chainOn().chain!, memoryLimitMb: 128, engine: 'edr' } }, { chain: { privateKey: TEST_CUSTODY_KEY } });
    try {
      // EDR records a trace of every EVM step until the call ends: heavy calls at the gas cap pass the limit.
      const sled = { data: `0x${'5b'.repeat(2000)}600056` };
      const node = await until('memory kill', async () => {
        await Promise.all(Array.from({ length: 4 }, (_, i) => small.app.inject({
          method: 'POST', url: '/rpc', remoteAddress: `10.3.0.${i}`, payload: [0, 1].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [sled, 'latest'] })),
        })));
        return small.deps.chain!.nodeHealth!();
      }, (health) => /over its \d+ MB limit/.test(health.lastExit ?? ''), 40_000);
      expect(node.lastExit).toMatch(/killed at \d+ MB resident, over its \d+ MB limit/);
      expect((await small.app.inject('/api/projects')).statusCode).toBe(200);
      await until('restart', async () => small.deps.chain!.nodeHealth!(), (health) => health.state === 'up' && health.restarts >= 1);
    } finally {
      await small.close();
    }
  }, RESTART_TEST_TIMEOUT_MS);
});
