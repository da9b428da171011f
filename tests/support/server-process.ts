import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcessOptions {
  /** Environment of the server on top of the test's own (DATA_DIR or DATABASE_URL, CHAIN_ENABLED, …). */
  env: Record<string, string>;
  /** Port to listen on; a free one is chosen when absent. Restarts reuse the port of the process they replace. */
  port?: number;
  /** The entry point, relative to the repository (default the server's: src/server/main.ts). */
  entry?: string;
  /** A GET path that answers 200 once the server is ready (default /api/stats/platform). */
  readyPath?: string;
  readyTimeoutMs?: number;
}

/** A server running in a child process, as `npm start` runs it, that a test can crash and restart. */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** The last few kilobytes the process wrote, for failure messages. */
  output(): string;
  /** Sends the signal (default SIGKILL: no cleanup at all) and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** A new process with the same options and port, once this one has exited. */
  restart(): Promise<ServerProcess>;
}

/**
 * Starts the server in a child process (`node --import tsx src/server/main.ts`) on 127.0.0.1 and resolves once it
 * answers. Used by the crash-safety suite (SIGKILL mid-load) and by any test that needs a real process: several
 * instances, a graceful SIGTERM, a chain node in its own process.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}${options.readyPath ?? '/api/stats/platform'}`, options.readyTimeoutMs ?? 120_000, () => output);
  return {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async restart() {
      await exited;
      return startServerProcess({ ...options, port });
    },
  };
}

async function waitUntilReady(child: ChildProcess, readyUrl: string, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server was not ready within ${timeoutMs} ms:\n${output()}`);
}

/** A port nothing listens on right now (the kernel's choice for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
