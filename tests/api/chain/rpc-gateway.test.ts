import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_RPC_METHODS } from '@/server/chain/public-rpc';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { RPC_LIMITS } from '@/server/chain/rpc-limits';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { chainOn, rpc, TEST_CUSTODY_KEY } from './chain-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
});
afterAll(() => t?.close());

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const errorOf = async (body: unknown, headers?: Record<string, string>) => (await rpc(t.app, body, headers)).json().error;

describe('the /rpc gateway refuses every method that writes, signs, keeps state or controls the node', () => {
  const refusals: [string, RegExp][] = [
    ['eth_sendRawTransaction', /is refused: this gateway only reads/],
    ['eth_sendTransaction', /is refused: this gateway only reads/],
    ['eth_sign', /is refused: this node holds no keys for visitors/],
    ['eth_signTransaction', /is refused: this node holds no keys for visitors/],
    ['eth_signTypedData_v4', /is refused: this node holds no keys for visitors/],
    ['personal_sign', /is refused: this node holds no keys for visitors/],
    ['eth_newFilter', /is refused: filters and subscriptions keep state on the node/],
    ['eth_newBlockFilter', /is refused: filters and subscriptions keep state on the node/],
    ['eth_subscribe', /is refused: filters and subscriptions keep state on the node/],
    ['hardhat_setBalance', /is refused: node-control and tracing methods are private/],
    ['evm_mine', /is refused: node-control and tracing methods are private/],
    ['debug_traceCall', /is refused: node-control and tracing methods are private/],
    ['admin_peers', /is refused: node-control and tracing methods are private/],
    ['miner_start', /is refused: node-control and tracing methods are private/],
    ['txpool_content', /is refused: node-control and tracing methods are private/],
    ['eth_coinbase', /is not available: \/rpc serves only the read methods/],
    ['x'.repeat(5000), /is not available/],
  ];
  for (const [method, message] of refusals) {
    it(`refuses ${method.slice(0, 40)} with -32601 and says why`, async () => {
      const error = await errorOf(call(method, []));
      expect(error.code).toBe(-32601);
      expect(error.message).toMatch(message);
      expect(error.message.length).toBeLessThan(300);
    });
  }

  it('refuses a stranger\'s signed transaction and the chain does not change', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const raw = await stranger.signTransaction({ type: 'eip1559', chainId: 80002, nonce: 0, to: stranger.address, gas: 21_000n, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n });
    const before = (await rpc(t.app, call('eth_blockNumber'))).json().result;
    expect((await errorOf(call('eth_sendRawTransaction', [raw]))).code).toBe(-32601);
    expect((await rpc(t.app, call('eth_blockNumber'))).json().result).toBe(before);
    expect((await rpc(t.app, call('eth_getTransactionCount', [stranger.address, 'latest']))).json().result).toBe('0x0');
  });

  it('answers eth_accounts with no accounts', async () => {
    expect((await rpc(t.app, call('eth_accounts'))).json().result).toEqual([]);
  });
});

describe('each bound of the /rpc gateway', () => {
  const endless = { data: '0x5b600056' }; // JUMPDEST PUSH1 0 JUMP: loops until the gas runs out

  it('ends the endless eth_call at the block gas limit with an error at once, not after the node ran out of memory', async () => {
    const error = await errorOf(call('eth_call', [{ ...endless, gas: '0x77359400' }, 'latest']));
    expect(error).toMatchObject({ code: -32005, message: expect.stringContaining(`above this gateway's cap of ${RPC_LIMITS.gasCap}`) });
    expect((await errorOf(call('eth_estimateGas', [{ ...endless, gas: '0x1c9c380' }]))).code).toBe(-32005);
  });

  it('runs a call without gas at the cap, where the EVM stops, and keeps serving the API meanwhile', async () => {
    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    const [answer, projects] = await Promise.all([rpc(t.app, call('eth_call', [endless, 'latest'])), t.app.inject('/api/projects')]);
    expect(answer.json().error.message).toMatch(/out of gas/i);
    expect(projects.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The EVM runs in the chain process: the web server's memory does not carry the call's trace.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses eth_call with state overrides and malformed call fields', async () => {
    expect((await errorOf(call('eth_call', [{ data: '0x' }, 'latest', { '0x0000000000000000000000000000000000000001': { code: '0x00' } }]))).code).toBe(-32602);
    expect((await errorOf(call('eth_call', [{ data: 'zz' }, 'latest']))).code).toBe(-32602);
    expect((await errorOf(call('eth_call', [{ data: '0x', gas: '1e9' }, 'latest']))).code).toBe(-32602);
    expect((await errorOf(call('eth_call', [{ data: '0x', bogus: 1 }, 'latest']))).code).toBe(-32602);
    expect((await errorOf(call('eth_call', ['0x'], 'latest'))).code).toBe(-32602);
    expect((await errorOf(call('eth_call', [{ data: '0x' }, 'yesterday']))).code).toBe(-32602);
  });

  it('limits eth_getLogs to a block range, and a range to well-formed blocks', async () => {
    const tooWide = await errorOf(call('eth_getLogs', [{ fromBlock: '0x0', toBlock: `0x${(RPC_LIMITS.logsMaxBlocks * 10).toString(16)}` }]));
    expect(tooWide).toMatchObject({ code: -32005, message: expect.stringContaining(`at most ${RPC_LIMITS.logsMaxBlocks} blocks`) });
    expect((await errorOf(call('eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x1' }]))).code).toBe(-32602);
    expect((await errorOf(call('eth_getLogs', [{ fromBlock: 'soon' }]))).code).toBe(-32602);
    expect((await errorOf(call('eth_getLogs', [{ address: Array(17).fill(t.deps.chain!.contractAddress) }]))).code).toBe(-32602);
    const recent = await rpc(t.app, call('eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest', address: t.deps.chain!.contractAddress }]));
    expect(Array.isArray(recent.json().result)).toBe(true);
  });

  it('limits a batch to its size and answers an oversized one with -32600', async () => {
    const batch = Array.from({ length: RPC_LIMITS.maxBatch + 1 }, (_, i) => call('eth_chainId', [], i));
    expect((await rpc(t.app, batch)).json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining(`1 to ${RPC_LIMITS.maxBatch}`) } });
    const fits = await rpc(t.app, batch.slice(0, RPC_LIMITS.maxBatch));
    expect(fits.json()).toHaveLength(RPC_LIMITS.maxBatch);
  });

  it('refuses a body over the size limit with 413, and a body that is not JSON with 4xx', async () => {
    const huge = JSON.stringify(call('eth_call', [{ data: `0x${'00'.repeat(RPC_LIMITS.maxBodyBytes)}` }, 'latest']));
    const tooLarge = await t.app.inject({ method: 'POST', url: '/rpc', headers: { 'content-type': 'application/json' }, payload: huge });
    expect(tooLarge.statusCode).toBe(413);
    const garbage = await t.app.inject({ method: 'POST', url: '/rpc', headers: { 'content-type': 'application/json' }, payload: '{"jsonrpc":' });
    expect(garbage.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/rpc', headers: { 'content-type': 'text/plain' }, payload: 'eth_chainId' });
    expect(text.statusCode).toBe(415);
  });

  it('answers odd ids, params and values with JSON-RPC errors, never a 5xx', async () => {
    const odd = [null, 1, 'x', [], {}, { method: 1 }, { method: 'eth_chainId', id: { deep: true } }, call('eth_getBalance', [{}]),
      call('eth_getBlockByNumber', [{ a: 'x'.repeat(2000) }]), call('eth_getTransactionByHash', ['0x12']), call('eth_feeHistory', [100000, 'latest', []]),
      call('eth_getStorageAt', ['0x0', '0x0', 'nope']), { jsonrpc: '2.0', id: 'i'.repeat(1000), method: 'eth_chainId' }];
    for (const body of odd) {
      const response = await rpc(t.app, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    expect((await rpc(t.app, { jsonrpc: '2.0', id: 'i'.repeat(1000), method: 'eth_chainId' })).json().id).toBeNull();
  });
});

describe('the per-client bounds of /rpc', () => {
  it('answers 429 with Retry-After once a client has used its calls for the minute, and serves other clients', async () => {
    const own = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
    try {
      const batch = Array.from({ length: RPC_LIMITS.maxBatch }, (_, i) => call('eth_chainId', [], i));
      const send = (ip: string) => own.app.inject({ method: 'POST', url: '/rpc', remoteAddress: ip, payload: batch });
      const allowed = RPC_LIMITS.callsPerMinute / RPC_LIMITS.maxBatch;
      for (let i = 0; i < allowed; i++) expect((await send('10.1.1.1')).statusCode).toBe(200);
      const refused = await send('10.1.1.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/Too many JSON-RPC calls/);
      expect((await send('10.1.1.2')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('refuses calls past a client\'s concurrency with -32005 instead of queueing them', async () => {
    const many = Array.from({ length: RPC_LIMITS.maxBatch }, (_, i) => call('eth_call', [{ data: '0x5b600056' }, 'latest'], i));
    const answers = (await rpc(t.app, many)).json() as { error?: { code: number; message: string } }[];
    const busy = answers.filter((answer) => answer.error?.code === -32005 && /running at once/.test(answer.error.message));
    expect(busy.length).toBe(RPC_LIMITS.maxBatch - RPC_LIMITS.concurrentCallsPerClient);
  });
});

describe('random bodies sent to /rpc', () => {
  const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
  const methods = [...PUBLIC_RPC_METHODS, 'eth_sendRawTransaction', 'hardhat_mine', 'evm_revert', 'debug_traceCall', 'eth_subscribe', 'nope'];
  const hex = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength }).map((digits) => `0x${digits}`);
  const param = fc.oneof(
    fc.constantFrom('latest', 'earliest', 'pending', '0x0', '0x1', '0xffffffffffffffffffff', '0x', '-1', ''),
    hex(80),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constant(null),
    fc.object({ maxDepth: 2, maxKeys: 4 }),
    fc.record({ to: fc.constant('0x0000000000000000000000000000000000000001'), data: hex(40), gas: fc.constantFrom(undefined, '0x1', '0x77359400', 'zz') }, { requiredKeys: [] }),
    fc.record({ fromBlock: fc.constantFrom('0x0', 'latest', 'x'), toBlock: fc.constantFrom('0x10000', 'latest', '0x1') }, { requiredKeys: [] }),
  );
  const message = fc.record({
    jsonrpc: fc.constantFrom('2.0', '1.0', undefined),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
    method: fc.oneof(fc.constantFrom(...methods), fc.string({ maxLength: 20 })),
    params: fc.oneof(fc.array(param, { maxLength: 4 }), param),
  }, { requiredKeys: ['method'] });
  const body = fc.oneof(message, fc.array(message, { minLength: 0, maxLength: 25 }), fc.jsonValue({ maxDepth: 3 }));

  it(`never answers 5xx, never hangs, and never changes the chain (seed ${SEED})`, async () => {
    const blockBefore = (await rpc(t.app, call('eth_blockNumber'))).json().result;
    let cases = 0;
    try {
      await fc.assert(fc.asyncProperty(body, async (payload) => {
        cases++;
        const response = await t.app.inject({ method: 'POST', url: '/rpc', remoteAddress: `10.9.${cases % 250}.${cases % 7}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 200) {
          const answers = [response.json()].flat() as { jsonrpc: string; error?: { code: number; message: string } }[];
          for (const answer of answers) expect(answer.jsonrpc).toBe('2.0');
        }
      }), { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 60_000 });
    } finally {
      console.log(`[rpc fuzz] seed ${SEED}: ${cases} bodies`);
    }
    expect((await rpc(t.app, call('eth_blockNumber'))).json().result).toBe(blockBefore);
  }, 120_000);
});
