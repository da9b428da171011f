import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatePrivateKey } from 'viem/accounts';
import { startEmbeddedChainInThread } from '../../src/server/chain/threaded-chain.js';
import { sampleCredit } from './chain-test-kit';

/** Nice value of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat, counted after the name). */
function threadNiceValues(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

describe.runIf(process.platform === 'linux')('the chain thread', () => {
  it('runs at nice 10 while the threads that were already there keep their priority', async () => {
    const before = threadNiceValues();
    const chain = await startEmbeddedChainInThread({ privateKey: generatePrivateKey() });
    try {
      await chain.mint(sampleCredit);
      const after = threadNiceValues();
      for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid)).toBe(nice);
      const added = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect(added).toContain(10);
    } finally {
      await chain.close();
    }
  });
});
