import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatePrivateKey } from 'viem/accounts';
import { startEmbeddedChainProcess } from '@/server/chain/chain-process';
import { sampleCredit } from './chain-test-kit';

/** Nice value of a process (field 19 of /proc/<pid>/stat, counted after the name). */
function niceOf(pid: number | 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe.runIf(process.platform === 'linux')('the chain process', () => {
  it('runs the EVM in its own process at nice 10, outside the web server, which keeps its priority', async () => {
    const before = niceOf('self');
    const chain = await startEmbeddedChainProcess({ privateKey: generatePrivateKey() });
    try {
      await chain.mint(sampleCredit);
      const { pid, state } = chain.nodeHealth();
      expect(state).toBe('up');
      expect(pid).not.toBe(process.pid);
      expect(niceOf(pid!)).toBe(10);
      expect(niceOf('self')).toBe(before);
    } finally {
      await chain.close();
    }
  });
});
