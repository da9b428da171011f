import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { chainOn, rpc, TEST_CUSTODY_KEY } from './chain-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
});
afterAll(() => t?.close());

describe('POST /rpc', () => {
  it('answers eth_chainId with 0x13882 (80002)', async () => {
    const response = await rpc(t.app, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x13882' });
  });

  it('serves a wallet calling from its extension origin, with CORS for any origin', async () => {
    const response = await rpc(t.app, { jsonrpc: '2.0', id: 'a', method: 'net_version' }, { origin: 'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn' });
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 'a', result: '80002' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/rpc', headers: { origin: 'https://dapp.example', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
  });

  it('answers a batch in order and reads balances', async () => {
    const custody = t.deps.chain!.custodyAddress;
    const response = await rpc(t.app, [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [custody, 'latest'] },
    ]);
    const [block, balance] = response.json();
    expect(block).toMatchObject({ id: 1, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    expect(BigInt(balance.result)).toBeGreaterThan(0n);
  });

  it('refuses methods that sign with node keys or rewrite the chain, with the JSON-RPC error fields', async () => {
    for (const method of ['hardhat_setBalance', 'evm_mine']) {
      const response = await rpc(t.app, { jsonrpc: '2.0', id: 7, method, params: [] });
      expect(response.json()).toEqual({
        jsonrpc: '2.0', id: 7, error: { code: -32601, message: `Method ${method} is refused: node-control and tracing methods are private to the marketplace` },
      });
    }
  });

  it('passes the node error code and data through, and answers malformed requests with -32600', async () => {
    const reverted = await rpc(t.app, {
      jsonrpc: '2.0', id: 3, method: 'eth_call',
      // getCreditDetails(999999): the token does not exist, so the contract reverts with ERC721NonexistentToken.
      params: [{ to: t.deps.chain!.contractAddress, data: `0xf85aafbd${(999999).toString(16).padStart(64, '0')}` }, 'latest'],
    });
    expect(reverted.json().error).toMatchObject({ code: 3, message: 'execution reverted', data: expect.stringMatching(/^0x7e273289/) });
    const invalid = await rpc(t.app, { jsonrpc: '2.0', id: 4, params: [] });
    expect(invalid.json()).toMatchObject({ id: 4, error: { code: -32600 } });
    expect((await rpc(t.app, [])).json()).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe('when the chain is disabled', () => {
  it('answers /rpc with a JSON-RPC error and /api/chain reads with 503', async () => {
    const off = await createTestApp();
    try {
      expect((await rpc(off.app, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).json()).toEqual({
        jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'The chain is disabled on this server (CHAIN_ENABLED=false)' },
      });
      expect((await off.app.inject('/api/chain/info')).json()).toMatchObject({ enabled: false, chainId: 80002, contractAddress: null });
      expect((await off.app.inject(`/api/chain/tx/0x${'00'.repeat(32)}`)).statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
