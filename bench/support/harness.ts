import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { bundleServer, SERVER_ENTRIES } from '@scripts/build-server.mjs';
import { serverProcessEnv } from '@scripts/server-env.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (its resident memory is in /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

const compiledDir = path.join(root, 'dist', 'bench');
const compiled = new Map<string, Promise<string>>();

/**
 * The script compiled as `npm start` compiles the server (scripts/build-server.mjs: esbuild, no tsx loader, no
 * kept names), once per bench run, so that a bench measures the JavaScript users run. BENCH_FROM_SOURCE=1 runs the
 * TypeScript through tsx instead.
 */
function compiledScript(script: string): Promise<string> {
  const name = path.basename(script, '.ts');
  if (!compiled.has(name)) {
    compiled.set(name, bundleServer(path.join(compiledDir, name), { ...SERVER_ENTRIES, [name]: script }).then(() => path.join(compiledDir, name, `${name}.js`)));
  }
  return compiled.get(name)!;
}

/** Starts a server script in its own process (so load generation and serving do not share a thread). */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server; it then stops with SIGTERM.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = process.env.BENCH_FROM_SOURCE ? ['--import', 'tsx', path.join(root, script)] : ['--enable-source-maps', await compiledScript(script)];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root, env: serverProcessEnv({ ...process.env, ...env }), stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve({
        baseUrl: `http://127.0.0.1:${match[1]}`,
        pid: child.pid!,
        stop: () => new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(nodeArgs.length > 0 ? 'SIGTERM' : 'SIGKILL');
        }),
      });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Responses by status code other than 2xx, e.g. { 422: 160 }: refusals a workload may legitimately meet. */
  refusals: Record<string, number>;
  errors: number;
  total: number;
}

/** Seconds per load run: BENCH_SECONDS shortens runs while iterating on a busy machine. */
export const loadDurationSeconds = () => Number(process.env.BENCH_SECONDS ?? 10);

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 10, duration: loadDurationSeconds(), ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    refusals: Object.fromEntries(Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => [code, (stats as { count: number }).count])),
    errors: result.errors,
    total: result.requests.total,
  };
}

export const describeLoad = (label: string, r: LoadResult) =>
  `${label.padEnd(34)} ${Math.round(r.requestsPerSecond).toLocaleString('en-US').padStart(8)} req/s   p50 ${r.p50Ms.toFixed(1)} ms   p99 ${r.p99Ms.toFixed(1)} ms   (${r.total} requests, ${r.non2xx} non-2xx${describeRefusals(r.refusals)}, ${r.errors} errors)`;

const describeRefusals = (refusals: Record<string, number>) => {
  const entries = Object.entries(refusals);
  return entries.length === 0 ? '' : `: ${entries.map(([code, count]) => `${code}×${count}`).join(', ')}`;
};

/** Registers `count` accounts and returns their session cookies. */
export async function signUpMany(baseUrl: string, count: number, prefix: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${prefix}-${i}-${Date.now()}@bench.example`, password: 'benchmark-password', firstName: `Bench${i}` }),
    });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    cookies.push(response.headers.get('set-cookie')!.split(';')[0]);
  }
  return cookies;
}

/** CPU time a process has used so far, in ms: all its threads, and its main thread alone (Linux /proc). */
export function processCpuMs(pid: number): { allMs: number; mainMs: number } {
  const ticksMs = 10; // USER_HZ is 100 on Linux.
  const cpuOf = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * ticksMs;
  };
  return { allMs: cpuOf(readFileSync(`/proc/${pid}/stat`, 'utf8')), mainMs: cpuOf(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) };
}

/** Server CPU per request over a run: a figure that a busy machine distorts far less than requests per second. */
export function describeCpu(before: { allMs: number; mainMs: number }, after: { allMs: number; mainMs: number }, requests: number): string {
  const per = (ms: number) => (ms / Math.max(requests, 1)).toFixed(3);
  return `    server CPU per request: ${per(after.allMs - before.allMs)} ms (main thread ${per(after.mainMs - before.mainMs)} ms)`;
}
