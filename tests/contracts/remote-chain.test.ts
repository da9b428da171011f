import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHAIN_ERROR_MESSAGES } from '@/server/chain/chain-call-error';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { createHardhatProvider } from '@/server/chain/hardhat-provider';
import type { Eip1193RequestFn } from '@/server/chain/public-rpc';
import { connectRemoteChain } from '@/server/chain/remote-chain';
import { sampleCredit } from './chain-test-kit';

const privateKey = `0x${'42'.repeat(32)}` as const;
let server: Server;
let rpcUrl: string;
let node: Eip1193RequestFn;

// A node reachable over HTTP only, standing in for CHAIN_RPC_URL: a plain JSON-RPC server over a fresh Hardhat chain.
function serveJsonRpc(request: Eip1193RequestFn, refuse?: (method: string) => boolean): Server {
  return createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk));
    incoming.on('end', async () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params?: unknown };
      if (refuse?.(method)) {
        outgoing.statusCode = 503;
        return outgoing.end('busy');
      }
      const reply = await request({ method, params }).then(
        (result) => ({ jsonrpc: '2.0', id, result }),
        (error: { code?: number; message: string; data?: unknown }) => ({ jsonrpc: '2.0', id, error: { code: error.code ?? -32603, message: error.message, data: error.data } }),
      );
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(JSON.stringify(reply));
    });
  });
}

beforeAll(async () => {
  // Compiles here, under the hook's timeout, when the build is missing or stale.
  await loadCarbonCreditArtifact();
  node = await createHardhatProvider();
  await node({ method: 'hardhat_setBalance', params: [privateKeyToAccount(privateKey).address, toHex(10n ** 21n)] });
  server = serveJsonRpc(node);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a remote chain', () => {
  let deployedAt: Address;

  it('deploys when no contract address is given, then mints and retires', async () => {
    const lines: string[] = [];
    const chain = await connectRemoteChain({ rpcUrl, privateKey, pollingIntervalMs: 50, log: (line) => lines.push(line) });
    deployedAt = chain.contractAddress;
    expect(lines.join('\n')).toContain(`CHAIN_CONTRACT_ADDRESS=${deployedAt}`);
    expect(chain.chainId).toBe(80002);

    const { tokenId } = await chain.mint(sampleCredit);
    await chain.retire(tokenId, 'Carbon Neutrality Goal');
    await expect(chain.retire(tokenId, 'again')).rejects.toMatchObject({
      message: CHAIN_ERROR_MESSAGES.retire,
      contractError: { name: 'CarbonCreditAlreadyRetired', args: [BigInt(tokenId)] },
    });
    await chain.close();
  });

  it('reuses a given contract address', async () => {
    const chain = await connectRemoteChain({ rpcUrl, privateKey, contractAddress: deployedAt });
    expect(await chain.totalSupply()).toBe(1n);
    expect((await chain.getCreditDetails(1)).isRetired).toBe(true);
    await chain.close();
  });

  it('reports Contract not connected when nothing is deployed at the address', async () => {
    const nowhere = '0x000000000000000000000000000000000000dEaD';
    await expect(connectRemoteChain({ rpcUrl, privateKey, contractAddress: nowhere })).rejects.toThrow(CHAIN_ERROR_MESSAGES.notConnected);
  });

  it('sends each call once: a busy node is not asked the same again behind its back', async () => {
    // A node still runs a call its client gave up on, so a transport retrying a slow estimate queued the same work
    // again and again behind it (the anchoring worker stalled under load); the caller retries with back-off instead.
    let estimates = 0;
    const busy = serveJsonRpc(node, (method) => method === 'eth_estimateGas' && ++estimates > 0);
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const chain = await connectRemoteChain({ rpcUrl: `http://127.0.0.1:${(busy.address() as AddressInfo).port}`, privateKey, contractAddress: deployedAt });
      await expect(chain.mint(sampleCredit)).rejects.toThrow(CHAIN_ERROR_MESSAGES.mint);
      expect(estimates, 'eth_estimateGas calls the node received').toBe(1);
      await chain.close();
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
