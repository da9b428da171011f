import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { testChainEngine } from '@tests/api/chain/chain-kit';

const ROOT = path.resolve(import.meta.dirname, '../..');
// E2E_CLIENT_DIST lets a developer test a client built elsewhere without replacing the shared dist/client.
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? path.join(ROOT, 'dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TEST_CUSTODY_KEY = `0x${'5a'.repeat(32)}` as const;
// A wallet account with 1.23456789 MATIC: shown rounded to 4 decimals.
const WALLET_ADDRESS = '0x9f3c2a7b5d1e4f60718293a4b5c6d7e8f9a0b1c2';
const WALLET_BALANCE_WEI = 1_234_567_890_000_000_000n;

let t: TestApp;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  t = await createTestApp(
    { loginRateLimitPerMinute: 1000, chain: { enabled: true, rpcUrl: undefined, privateKey: undefined, contractAddress: undefined, timeoutMs: 20_000, anchorSpacingMs: 100, auditAnchorIntervalMs: 60_000, memoryLimitMb: 2048, stallTimeoutMs: 15_000, engine: testChainEngine() } },
    { clientDist: CLIENT_DIST, chain: { privateKey: TEST_CUSTODY_KEY } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Funded on the server side, straight on the node: /rpc does not serve hardhat_* methods.
  await t.deps.chain!.nodeRequest!({ method: 'hardhat_setBalance', params: [WALLET_ADDRESS, `0x${WALLET_BALANCE_WEI.toString(16)}`] });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page on the dashboard with a fresh local storage; `setup` runs in the page before the app loads. */
async function openPage(setup: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(setup);
  const page = await context.newPage();
  await page.goto('/dashboard');
  return page;
}

async function openWalletDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Wallet', exact: true }).click();
  return page.getByRole('dialog', { name: 'Connect Wallet' });
}

/**
 * An EIP-1193 provider like MetaMask's: it knows one account, starts on another chain, does not know 80002 (so the
 * app must add it with our /rpc URL) and forwards every read to /rpc.
 */
const injectedProvider = `
  window.__walletSimulation = { delayMs: 0, failureRate: 1 };
  window.__calls = [];
  let chainId = '0x1';
  let added = false;
  window.ethereum = {
    async request({ method, params }) {
      window.__calls.push({ method, params });
      if (method === 'eth_requestAccounts') return ['${WALLET_ADDRESS}'];
      if (method === 'eth_chainId') return chainId;
      if (method === 'wallet_switchEthereumChain') {
        if (!added) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        chainId = params[0].chainId;
        return null;
      }
      if (method === 'wallet_addEthereumChain') {
        added = true;
        chainId = params[0].chainId;
        return null;
      }
      const response = await fetch('/rpc', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: window.__calls.length, method, params: params ?? [] }),
      });
      const body = await response.json();
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
  };
`;

describe('Connect Wallet with a browser wallet', () => {
  it('connects the real wallet: adds the network with /rpc, reads the balance, shows it and stores it', async () => {
    const page = await openPage(injectedProvider);
    const dialog = await openWalletDialog(page);
    await dialog.getByRole('button', { name: /MetaMask/ }).click();

    await page.getByText('Real Wallet Connected', { exact: true }).waitFor();
    await dialog.getByText('Wallet Connected', { exact: true }).waitFor();
    for (const text of ['MetaMask', '0x9f3c...b1c2', 'Polygon Amoy Testnet', '1.2346 MATIC']) {
      expect(await dialog.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    const calls = (await page.evaluate('window.__calls')) as { method: string; params?: unknown[] }[];
    const added = calls.find((call) => call.method === 'wallet_addEthereumChain')!;
    expect(added.params).toEqual([{
      chainId: '0x13882', chainName: 'Polygon Amoy Testnet', nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 }, rpcUrls: [`${baseUrl}/rpc`],
    }]);
    expect(calls.find((call) => call.method === 'eth_getBalance')?.params).toEqual([WALLET_ADDRESS, 'latest']);
    expect(JSON.parse((await page.evaluate("localStorage.getItem('connected_wallet')")) as string)).toEqual({
      address: WALLET_ADDRESS, type: 'MetaMask', network: 'Polygon Amoy Testnet', balance: '1.2346', connected: true, chainId: 80002,
    });

    // The footer's Close button; the dialog's corner X is also named Close and comes after it.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('banner').getByRole('button', { name: 'Wallet 0x9f3c...b1c2' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Wallet 0x9f3c...b1c2' }).click();
    await dialog.getByRole('button', { name: 'Disconnect Wallet' }).click();
    await page.getByText('Your wallet has been disconnected.', { exact: true }).waitFor();
    expect(await page.getByText('Wallet Disconnected', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /WalletConnect/ }).waitFor();
    // SPEC.md §4: disconnecting does not clear the stored entry.
    expect(await page.evaluate("localStorage.getItem('connected_wallet')")).toContain(WALLET_ADDRESS);
    await page.context().close();
  });
});

describe('Connect Wallet without a browser wallet', () => {
  it('falls back to a simulated MetaMask, and says Connection Failed when the simulation fails', async () => {
    const page = await openPage('window.__walletSimulation = { delayMs: 0, failureRate: 1 };');
    const dialog = await openWalletDialog(page);
    await dialog.getByRole('button', { name: /MetaMask/ }).click();
    await page.getByText('Failed to connect to MetaMask. Please try again.', { exact: true }).waitFor();
    expect(await page.getByText('Connection Failed', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /WalletConnect/ }).click();
    await page.getByText('Failed to connect via WalletConnect. Please try again.', { exact: true }).waitFor();
    expect(await page.evaluate("localStorage.getItem('connected_wallet')")).toBeNull();
    await page.context().close();
  });

  it('connects a simulated MetaMask after the delay, with both choices disabled meanwhile', async () => {
    const page = await openPage('window.__walletSimulation = { delayMs: 1500, failureRate: 0 };');
    const dialog = await openWalletDialog(page);
    await dialog.getByRole('button', { name: /MetaMask/ }).click();
    expect(await dialog.getByRole('button', { name: /MetaMask/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /WalletConnect/ }).isDisabled()).toBe(true);

    await page.getByText('Mock Wallet Connected', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog.getByText('Wallet Connected', { exact: true }).waitFor();
    const stored = JSON.parse((await page.evaluate("localStorage.getItem('connected_wallet')")) as string);
    expect(stored).toMatchObject({ type: 'MetaMask', network: 'Polygon Amoy Testnet', connected: true, chainId: 80002 });
    expect(stored.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(stored.balance).toMatch(/^\d+\.\d{4}$/);
    expect(await dialog.getByText(`${stored.address.slice(0, 6)}...${stored.address.slice(-4)}`).isVisible()).toBe(true);
    expect(await dialog.getByText(`${stored.balance} MATIC`).isVisible()).toBe(true);
    await page.context().close();
  });

  it('connects WalletConnect (always simulated) with the Wallet Connected toast', async () => {
    const page = await openPage('window.__walletSimulation = { delayMs: 0, failureRate: 0 };');
    const dialog = await openWalletDialog(page);
    await dialog.getByRole('button', { name: /WalletConnect/ }).click();
    // The toast (a list item outside the dialog) and the dialog both say Wallet Connected.
    await page.locator('li', { hasText: 'WalletConnect account' }).getByText('Wallet Connected', { exact: true }).waitFor();
    expect(await dialog.getByText('WalletConnect', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});
