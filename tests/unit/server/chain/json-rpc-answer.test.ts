import { describe, expect, it } from 'vitest';
import { answerJsonRpcBody } from '@/server/chain/json-rpc-answer';
import { RpcAdmission } from '@/server/chain/rpc-admission';

const limits = { maxBatch: 5, maxResponseBytes: 10_000 };

describe('answerJsonRpcBody', () => {
  it('replaces the answers past the response size limit with -32005, in order', async () => {
    const request = async () => 'x'.repeat(4_000);
    const batch = [1, 2, 3, 4].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }));
    const answer = await answerJsonRpcBody(batch, { request, timeoutMs: 1000, limits });
    const body = answer.body as { id: number; result?: string; error?: { code: number } }[];
    expect(body.map((one) => (one.result ? 'result' : one.error!.code))).toEqual(['result', 'result', -32005, -32005]);
    expect(JSON.stringify(body).length).toBeLessThan(limits.maxResponseBytes);
  });

  it('answers a call slower than the timeout with -32005 and a node failure without a code with -32603', async () => {
    const slow = await answerJsonRpcBody({ jsonrpc: '2.0', id: 1, method: 'eth_call' }, { request: () => new Promise(() => {}), timeoutMs: 20, limits });
    expect(slow.body).toMatchObject({ id: 1, error: { code: -32005, message: expect.stringContaining('did not answer within 20 ms') } });
    const broken = await answerJsonRpcBody({ jsonrpc: '2.0', id: 2, method: 'eth_call' }, { request: async () => { throw new Error('secret internals'); }, timeoutMs: 20, limits });
    expect(broken.body).toMatchObject({ id: 2, error: { code: -32603 } });
    expect(JSON.stringify(broken.body)).not.toContain('secret internals');
  });

  it('counts a batch\'s calls against the client\'s minute and answers 429 past it', async () => {
    const admission = new RpcAdmission({ callsPerMinute: 6, concurrentCallsPerClient: 10, concurrentCalls: 10 });
    const batch = [1, 2, 3, 4].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }));
    const options = { request: async () => '0x1', timeoutMs: 100, limits, admission, client: 'a' };
    expect((await answerJsonRpcBody(batch, options)).status).toBe(200);
    expect((await answerJsonRpcBody(batch, options)).status).toBe(429);
    expect((await answerJsonRpcBody(batch, { ...options, client: 'b' })).status).toBe(200);
  });

  it('lets no more calls run at once than the gateway allows, and frees the slots after', async () => {
    const admission = new RpcAdmission({ callsPerMinute: 100, concurrentCallsPerClient: 10, concurrentCalls: 2 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const options = { request: async () => { await gate; return '0x1'; }, timeoutMs: 1000, limits, admission };
    const running = answerJsonRpcBody([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })), { ...options, client: 'a' });
    release();
    const body = (await running).body as { error?: { code: number } }[];
    expect(body.filter((one) => one.error?.code === -32005)).toHaveLength(1);
    expect(((await answerJsonRpcBody({ jsonrpc: '2.0', id: 9, method: 'x' }, { ...options, client: 'b' })).body as { result: string }).result).toBe('0x1');
  });

  it('holds a timed-out call\'s slot until the node is done with it', async () => {
    const admission = new RpcAdmission({ callsPerMinute: 100, concurrentCallsPerClient: 1, concurrentCalls: 10 });
    let finish!: () => void;
    const node = new Promise<string>((resolve) => (finish = () => resolve('0x1')));
    const options = { request: () => node, timeoutMs: 10, limits, admission, client: 'a' };
    expect((await answerJsonRpcBody({ jsonrpc: '2.0', id: 1, method: 'eth_call' }, options)).body).toMatchObject({ error: { code: -32005 } });
    expect((await answerJsonRpcBody({ jsonrpc: '2.0', id: 2, method: 'eth_call' }, options)).body).toMatchObject({ error: { message: expect.stringContaining('running at once') } });
    finish();
    await node;
    await new Promise((resolve) => setImmediate(resolve));
    expect((await answerJsonRpcBody({ jsonrpc: '2.0', id: 3, method: 'eth_call' }, options)).body).toMatchObject({ result: '0x1' });
  });
});
