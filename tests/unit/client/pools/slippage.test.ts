import { describe, expect, it } from 'vitest';
import { parseDollars, parseTonnes, slippageBound, slippageBps } from '@/client/features/pools/lib/slippage';
import { depositPreview, withdrawalPreview } from '@/client/features/pools/lib/liquidity-preview';
import type { Pool } from '@/shared/schemas/pool';

describe('slippageBps', () => {
  it.each([['0.5', 50n], ['1', 100n], ['2', 200n], ['0', 0n], ['12.34', 1234n], ['50', 5000n]])('reads %s%% as %s bps', (text, bps) => {
    expect(slippageBps(text)).toBe(bps);
  });
  it.each(['', '-1', '50.01', '0.125', 'abc'])('refuses %j', (text) => {
    expect(slippageBps(text)).toBeNull();
  });
});

describe('slippageBound', () => {
  it('lets a buy cost at most the total plus the tolerance, rounded up to the cent', () => {
    // 190.33 × 1.005 = 191.28165 → 191.29
    expect(slippageBound('buy', '190.33', 50n)).toEqual({ field: 'maxAmountIn', amount: '191.29' });
  });
  it('makes a sell pay at least the total less the tolerance, rounded down to the cent', () => {
    // 189.18 × 0.99 = 187.2882 → 187.28
    expect(slippageBound('sell', '189.18', 100n)).toEqual({ field: 'minAmountOut', amount: '187.28' });
  });
  it('never refuses a swap at exactly the quoted price', () => {
    expect(slippageBound('buy', '10.00', 0n)?.amount).toBe('10.00');
    expect(slippageBound('sell', '10.00', 0n)?.amount).toBe('10.00');
  });
});

describe('form parsing', () => {
  it('accepts whole positive tonnes only', () => {
    expect(parseTonnes('12')).toBe(12);
    expect([parseTonnes('0'), parseTonnes('-1'), parseTonnes('1.5'), parseTonnes('')]).toEqual([null, null, null, null]);
  });
  it('accepts positive dollars with at most 2 decimals', () => {
    expect(parseDollars('1000')).toBe('1000.00');
    expect([parseDollars('0'), parseDollars('1.234'), parseDollars('x')]).toEqual([null, null, null]);
  });
});

const pool: Pool = {
  id: 1, projectId: 1, creditReserve: 400, tokenReserve: '7401.15', currentPrice: '18.50', totalLiquidity: 17204, feeRate: '0.003',
  yourLpUnits: 17204, yourShare: '100.00', yourValue: '0.00', yourCreditAmount: 400, yourTokenAmount: '7401.15', createdAt: '',
};

describe('liquidity previews (the server’s own maths)', () => {
  it('shows what an add takes at the current ratio', () => {
    expect(depositPreview(pool, 100, '5000.00')).toEqual({ creditAmount: 100, tokenAmount: '1850.29', lpUnits: 4301 });
  });
  it('shows a first deposit seeding the pool', () => {
    expect(depositPreview(null, 400, '7400.00')).toEqual({ creditAmount: 400, tokenAmount: '7400.00', lpUnits: 17204 });
  });
  it('shows a withdrawal rounded down on both sides', () => {
    // ⌊400 × 1,000 / 17,204⌋ = 23 t; ⌊740,115 × 1,000 / 17,204⌋ = 43,019 c.
    expect(withdrawalPreview(pool, 1000)).toEqual({ creditAmount: 23, tokenAmount: '430.19', lpUnits: 1000 });
    expect(withdrawalPreview(pool, 20000)).toBeNull();
  });
});
