import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, decodeFunctionResult } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import type { ChainAuditResponse } from '@/shared/schemas/chain-audit';
import type { Project } from '@/shared/schemas/project';
import { TEST_CUSTODY_KEY } from './chain-kit';
import { startServerProcess, type ServerProcess } from './server-process';

// A file-backed PGlite even in the PostgreSQL run: what is tested is the embedded chain's journal across a crash.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-chain-crash-'));
const env = { DATA_DIR: dataDir, CHAIN_PRIVATE_KEY: TEST_CUSTODY_KEY, LOGIN_RATE_LIMIT_PER_MINUTE: '100000', DATABASE_URL: '' };
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) await server.crash();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(server: ServerProcess, method: string, url: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null, headers: response.headers };
}

async function signUp(server: ServerProcess, n: number): Promise<string> {
  const response = await call(server, 'POST', '/api/auth/register', { email: `crash${n}@example.test`, password: 'correct horse battery', firstName: `Crash${n}` });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  return String(response.headers.get('set-cookie')).split(';')[0];
}

async function audit(server: ServerProcess): Promise<ChainAuditResponse> {
  return (await call(server, 'GET', '/api/chain/audit')).json as unknown as ChainAuditResponse;
}

describe('when the server is killed (SIGKILL) in the middle of anchoring', () => {
  it('anchors everything exactly once after the restart: no double mints, no lost retirements', async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const projects = (await call(first, 'GET', '/api/projects')).json as unknown as Project[];
    const cookies = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => signUp(first, n)));
    const acknowledged: string[] = [];
    let stop = false;
    // Eight clients buy and retire until the crash; whatever they were told before it must be on chain after it.
    const clients = cookies.concat(cookies.slice(0, 2)).map(async (cookie, index) => {
      for (let n = 0; !stop; n++) {
        const project = projects[(index + n) % 3];
        try {
          const bought = await call(first, 'POST', '/api/credits/purchase', { projectId: project.id, quantity: 2 + (n % 7), pricePerCredit: project.pricePerCredit }, cookie);
          const creditId = (bought.json?.credit as { id: number } | undefined)?.id;
          if (bought.status !== 201 || creditId === undefined || n % 3 !== 0) continue;
          const retired = await call(first, 'POST', `/api/credits/${creditId}/retire`, { reason: 'Crash test', ...(n % 2 ? { quantity: 1 } : {}) }, cookie);
          if (retired.status === 201) acknowledged.push(String(retired.json!.certificateId));
        } catch {
          return; // the server is gone
        }
      }
    });
    // Kill once the worker has anchored something and the clients are still sending.
    for (let i = 0; i < 600; i++) {
      const info = (await call(first, 'GET', '/api/chain/info')).json as { anchoring: { anchoredTransactions: number } };
      if (info.anchoring.anchoredTransactions >= 40 && acknowledged.length >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first.crash();
    stop = true;
    await Promise.all(clients);

    const second = await startServerProcess(env);
    running.push(second);
    let report = await audit(second);
    for (let i = 0; i < 600 && (report.holdings.pending > 0 || report.certificates.withoutTx > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = await audit(second);
    }
    const askedMs = Date.now();
    expect((await call(second, 'POST', '/api/chain/audit/sweep', {})).status).toBe(202);
    const fresh = (audited: ChainAuditResponse) => audited.sweep.state === 'done' && Date.parse(audited.sweep.startedAt!) >= askedMs;
    for (let i = 0; i < 600 && (!fresh(report) || report.status === 'pending'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = await audit(second);
    }
    expect(report).toMatchObject({ status: 'anchored', mismatches: [], holdings: { pending: 0, failed: 0 }, certificates: { withoutTx: 0, failed: 0 } });

    // No double mints: the contract created exactly one token per holding.
    const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'totalSupply' });
    const rpc = await call(second, 'POST', '/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: (await call(second, 'GET', '/api/chain/info')).json!.contractAddress, data }, 'latest'] });
    const totalSupply = decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'totalSupply', data: rpc.json!.result as `0x${string}` });
    expect(Number(totalSupply)).toBe(report.holdings.anchored);

    // No lost retirements: every certificate a client was given is retired on chain by a successful transaction.
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const certificateId of acknowledged) {
      const certificate = (await call(second, 'GET', `/api/certificates/${certificateId}`)).json as { chainTxHash: string };
      const tx = (await call(second, 'GET', `/api/chain/tx/${certificate.chainTxHash}`)).json as { found: boolean; status: string };
      expect(tx, certificateId).toMatchObject({ found: true, status: 'success' });
    }
    await second.stop();
  }, 600_000);
});
