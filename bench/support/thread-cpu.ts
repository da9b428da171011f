import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's counters (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds of every thread of a process so far, keyed by thread id, the main thread's id being the process's
 * (Linux /proc; empty elsewhere). Per request, a thread's CPU holds where the throughput under a shared machine's load
 * swings: it says which thread a workload saturates first.
 */
export function threadCpuMs(pid: number): Map<number, number> {
  const spent = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return spent;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      spent.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return spent;
}

/** CPU µs per request between two readings: the main thread's, the busiest other thread's, and the process's. */
export function cpuPerRequest(pid: number, before: Map<number, number>, after: Map<number, number>, requests: number) {
  const used = [...after].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const);
  const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
  const other = Math.max(0, ...used.filter(([tid]) => tid !== pid).map(([, ms]) => ms));
  const total = used.reduce((sum, [, ms]) => sum + ms, 0);
  const per = (ms: number) => (requests > 0 ? Math.round((1000 * ms) / requests) : 0);
  return { mainUs: per(main), busiestOtherUs: per(other), totalUs: per(total) };
}
