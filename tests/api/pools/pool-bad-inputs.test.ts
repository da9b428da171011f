import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { ledgerFingerprint } from './ledger-fingerprint';
import { createPool, traderWithCredits } from './pool-kit';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Kenya: $24.00. The provider pools 100 t with $2,400 (price $24.00); the trader holds 30 t and $50,000 less 30 t.
let t: TestApp;
let kenya: Project;
let rwanda: Project;
let provider: { cookie: string };
let trader: { cookie: string };
let stranger: { cookie: string };
let poor: { cookie: string };
let poolId: number;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  rwanda = await findProject(t.app, 'Rwanda Clean Cookstoves');
  provider = await traderWithCredits(t.app, kenya, [150], 'Provider');
  trader = await traderWithCredits(t.app, kenya, [20, 10], 'Trader');
  stranger = await signUp(t.app, { firstName: 'Stranger' });
  poor = await traderWithCredits(t.app, kenya, [2000], 'Poor'); // $48,000 + $960 fee leaves $1,040
  poolId = (await createPool(t.app, provider.cookie, { projectId: kenya.id, creditReserve: 100, tokenReserve: '2400' })).pool.id;
});
afterAll(async () => { await t?.close(); });

interface BadInput {
  name: string;
  request: () => InjectOptions;
  as?: () => { cookie: string } | null;
  status: number;
  message: RegExp;
}

const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const swapBody = (fields: Record<string, unknown>) => post('/api/trading/swap', { projectId: kenya.id, side: 'buy', quantity: 5, maxAmountIn: '200', ...fields });
const sellBody = (fields: Record<string, unknown>) => swapBody({ side: 'sell', maxAmountIn: undefined, minAmountOut: '0', ...fields });
const createBody = (fields: Record<string, unknown>) => post('/api/trading/pools', { projectId: rwanda.id, creditReserve: 10, tokenReserve: '174', ...fields });
const add = (fields: Record<string, unknown>, id = () => poolId) => () => post(`/api/trading/pools/${id()}/add-liquidity`, { creditAmount: 10, tokenAmount: '240', ...fields });
const remove = (payload: unknown, id = () => poolId) => () => post(`/api/trading/pools/${id()}/remove-liquidity`, payload);

const cases: BadInput[] = [
  // Swaps
  { name: 'a swap of 0 t', request: () => swapBody({ quantity: 0 }), status: 400, message: /quantity must be at least 1/ },
  { name: 'a swap of −3 t', request: () => swapBody({ quantity: -3 }), status: 400, message: /quantity must be at least 1/ },
  { name: 'a swap of 1.5 t', request: () => swapBody({ quantity: 1.5 }), status: 400, message: /whole number of tonnes/ },
  { name: 'a swap quantity sent as a string', request: () => swapBody({ quantity: '5' }), status: 400, message: /quantity must be a number/ },
  { name: 'an unknown side', request: () => swapBody({ side: 'hold' }), status: 400, message: /side must be 'buy' or 'sell'/ },
  { name: 'a buy without maxAmountIn', request: () => swapBody({ maxAmountIn: undefined }), status: 400, message: /maxAmountIn is required for a buy/ },
  { name: 'a buy with minAmountOut', request: () => swapBody({ minAmountOut: '1' }), status: 400, message: /minAmountOut is not allowed for a buy/ },
  { name: 'a sell without minAmountOut', request: () => sellBody({ minAmountOut: undefined }), status: 400, message: /minAmountOut is required for a sell/ },
  { name: 'a bound with 3 decimals', request: () => swapBody({ maxAmountIn: '200.001' }), status: 400, message: /at most 2 decimals/ },
  { name: 'a negative bound', request: () => sellBody({ minAmountOut: '-1' }), status: 400, message: /at most 2 decimals/ },
  { name: 'a zero maxAmountIn', request: () => swapBody({ maxAmountIn: 0 }), status: 400, message: /maxAmountIn must be greater than 0/ },
  { name: 'an unknown field', request: () => swapBody({ slippage: 1 }), status: 400, message: /slippage|Unrecognized/i },
  { name: 'a swap on a project without a pool', request: () => swapBody({ projectId: rwanda.id }), status: 404, message: /No liquidity pool exists/ },
  { name: 'a swap on an unknown project', request: () => swapBody({ projectId: 999_999 }), status: 404, message: /No liquidity pool exists/ },
  { name: 'a swap signed out', request: () => swapBody({}), as: () => null, status: 401, message: /sign in/ },
  { name: 'a buy breaching maxAmountIn', request: () => swapBody({ maxAmountIn: '100.00' }), status: 409, message: /Slippage limit exceeded: buying 5 t now costs \$126\.71, above your maximum of \$100\.00/ },
  { name: 'a sell breaching minAmountOut', request: () => sellBody({ minAmountOut: '200.00' }), status: 409, message: /Slippage limit exceeded: selling 5 t now pays \$113\.93, below your minimum of \$200\.00/ },
  { name: 'a buy of the whole reserve', request: () => swapBody({ quantity: 100, maxAmountIn: '1000000' }), status: 422, message: /at most 99 tonnes/ },
  { name: 'a buy beyond the cash balance', request: () => swapBody({ quantity: 99, maxAmountIn: '1000000' }), as: () => stranger, status: 422, message: /Insufficient funds: this swap costs \$238314\.95 and your cash balance is \$50000\.00/ },
  { name: 'a sell beyond the credit balance', request: () => sellBody({ quantity: 31 }), status: 422, message: /You hold only 30 active credits of this project \(requested 31\)/ },
  { name: 'a sell by someone holding nothing', request: () => sellBody({ quantity: 1 }), as: () => stranger, status: 422, message: /You hold only 0 active credits/ },
  // Quotes
  { name: 'a quote of 0 t', request: () => get(`/api/trading/pools/${kenya.id}/quote?side=buy&quantity=0`), status: 400, message: /quantity must be at least 1/ },
  { name: 'a quote of 1.5 t', request: () => get(`/api/trading/pools/${kenya.id}/quote?side=buy&quantity=1.5`), status: 400, message: /whole number/ },
  { name: 'a quote without side', request: () => get(`/api/trading/pools/${kenya.id}/quote?quantity=1`), status: 400, message: /side/ },
  { name: 'a quote for a project without a pool', request: () => get(`/api/trading/pools/${rwanda.id}/quote?side=sell&quantity=1`), status: 404, message: /No liquidity pool/ },
  { name: 'a pool of an unknown project', request: () => get('/api/trading/pools/999999'), status: 404, message: /No liquidity pool exists for project 999999/ },
  { name: 'a pool id that is not a number', request: () => get('/api/trading/pools/abc'), status: 400, message: /id must be a number/ },
  // Creating
  { name: 'a pool of 0 t', request: () => createBody({ creditReserve: 0 }), status: 400, message: /creditReserve must be at least 1/ },
  { name: 'a pool of −5 t', request: () => createBody({ creditReserve: -5 }), status: 400, message: /creditReserve must be at least 1/ },
  { name: 'a pool of 2.5 t', request: () => createBody({ creditReserve: 2.5 }), status: 400, message: /creditReserve must be a whole number of tonnes/ },
  { name: 'a pool with $0', request: () => createBody({ tokenReserve: '0' }), status: 400, message: /tokenReserve must be greater than 0/ },
  { name: 'a pool with a negative cash amount', request: () => createBody({ tokenReserve: -10 }), status: 400, message: /tokenReserve must be an amount/ },
  { name: 'a pool with a third decimal', request: () => createBody({ tokenReserve: '10.005' }), status: 400, message: /at most 2 decimals/ },
  { name: 'a pool for an unknown project', request: () => createBody({ projectId: 999_999 }), status: 404, message: /Project 999999 not found/ },
  { name: 'a second pool for a project', request: () => createBody({ projectId: kenya.id }), status: 409, message: /already exists/ },
  { name: 'a pool with credits the creator does not hold', request: () => createBody({}), status: 422, message: /You hold only 0 active credits/ },
  { name: 'a pool with more cash than the creator has', request: () => createBody({ tokenReserve: '60000' }), status: 422, message: /Insufficient funds: this deposit takes \$60000\.00/ },
  // Adding
  { name: 'adding 0 t', request: add({ creditAmount: 0 }), status: 400, message: /creditAmount must be at least 1/ },
  { name: 'adding −1 t', request: add({ creditAmount: -1 }), status: 400, message: /creditAmount must be at least 1/ },
  { name: 'adding 1.5 t', request: add({ creditAmount: 1.5 }), status: 400, message: /creditAmount must be a whole number/ },
  { name: 'adding $0', request: add({ tokenAmount: 0 }), status: 400, message: /tokenAmount must be greater than 0/ },
  { name: 'adding to an unknown pool', request: add({}, () => 999_999), status: 404, message: /Liquidity pool 999999 not found/ },
  { name: 'adding credits one does not hold', request: add({}), as: () => stranger, status: 422, message: /You hold only 0 active credits/ },
  // Offered 2,000 t and plenty of cash, the ratio takes 2,000 t and exactly $48,000.00, more than the $1,040.00 left.
  { name: 'adding more cash than one has', request: add({ creditAmount: 2000, tokenAmount: '1000000' }), as: () => poor, status: 422, message: /Insufficient funds: this deposit takes \$48000\.00 and your cash balance is \$1040\.00/ },
  { name: 'adding less than one LP unit', request: add({ creditAmount: 1, tokenAmount: '0.01' }), status: 422, message: /worth less than one LP unit/ },
  // Removing
  { name: 'removing 0 units', request: remove({ lpTokens: 0 }), status: 400, message: /lpTokens must be at least 1/ },
  { name: 'removing −1 units', request: remove({ lpTokens: -1 }), status: 400, message: /lpTokens must be at least 1/ },
  { name: 'removing 1.5 units', request: remove({ lpTokens: 1.5 }), status: 400, message: /lpTokens must be a whole number/ },
  { name: 'removing more units than one owns', request: remove({ lpTokens: 4900 }), as: () => provider, status: 422, message: /You hold only 4898 LP units in this pool \(requested 4900\)/ },
  { name: 'removing units one never had', request: remove({ lpTokens: 1 }), status: 422, message: /You hold only 0 LP units/ },
  { name: 'removing from an unknown pool', request: remove({ lpTokens: 1 }, () => 999_999), status: 404, message: /Liquidity pool 999999 not found/ },
];

describe('bad pool requests are refused and change nothing', () => {
  it.each(cases)('$name → $status', async (badInput) => {
    const before = await ledgerFingerprint(t.deps);
    const account = badInput.as ? badInput.as() : trader;
    const request = badInput.request();
    const response = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...(account ? { cookie: account.cookie } : {}) } });
    expect(response.statusCode).toBe(badInput.status);
    expect(response.json().message).toMatch(badInput.message);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });
});
