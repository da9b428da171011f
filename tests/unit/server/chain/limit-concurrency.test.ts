import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '@/server/chain/limit-concurrency';

/** A call the test settles by hand, recording when it started. */
function heldCalls() {
  const started: number[] = [];
  const settle = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  const fn = (id: number) => {
    started.push(id);
    return new Promise<number>((resolve, reject) => settle.set(id, { resolve, reject }));
  };
  return { fn, started, settle };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs at most `limit` calls at once and starts the waiting ones in order as slots free', async () => {
    const held = heldCalls();
    const limited = limitConcurrency(held.fn, 2);
    const results = Promise.allSettled([1, 2, 3, 4, 5].map((id) => limited(id)));
    await tick();
    expect(held.started).toEqual([1, 2]);

    held.settle.get(2)!.resolve(20);
    await tick();
    expect(held.started).toEqual([1, 2, 3]);

    held.settle.get(1)!.reject(new Error('reverted'));
    await tick();
    expect(held.started).toEqual([1, 2, 3, 4]);

    for (const id of [3, 4]) held.settle.get(id)!.resolve(id * 10);
    await tick();
    held.settle.get(5)!.resolve(50);
    expect(await results).toEqual([
      { status: 'rejected', reason: new Error('reverted') },
      { status: 'fulfilled', value: 20 },
      { status: 'fulfilled', value: 30 },
      { status: 'fulfilled', value: 40 },
      { status: 'fulfilled', value: 50 },
    ]);
  });

  it('frees its slots once everything settled', async () => {
    const held = heldCalls();
    const limited = limitConcurrency(held.fn, 1);
    const first = limited(1);
    await tick();
    held.settle.get(1)!.resolve(1);
    await first;
    const second = limited(2);
    await tick();
    expect(held.started).toEqual([1, 2]);
    held.settle.get(2)!.resolve(2);
    expect(await second).toBe(2);
  });

  it('refuses a limit below one', () => {
    expect(() => limitConcurrency(async () => 0, 0)).toThrow(RangeError);
  });
});
