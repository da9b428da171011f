import { loadConfig } from './config';
import { closeAppDeps, createAppDeps } from './bootstrap';
import { buildApp } from './app';

const config = loadConfig();
const deps = await createAppDeps(config);
deps.lifecycle = { shuttingDown: false };
const app = await buildApp(deps);

/**
 * Graceful stop: /readyz turns 503, the listener stops accepting, requests in flight finish (a batched purchase,
 * order or swap resolves with its batch's commit), market streams end with a reconnect hint, then the anchoring
 * lock is released and the chain and database close. If anything hangs, the process still exits within
 * SHUTDOWN_GRACE_MS (default 8 s, under the 10 s that container runtimes wait before SIGKILL).
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  deps.lifecycle!.shuttingDown = true;
  app.log.info(`${signal} received, shutting down`);
  const deadline = setTimeout(() => {
    app.log.error(`Shutdown took longer than ${config.shutdownGraceMs} ms; exiting anyway`);
    process.exit(1);
  }, config.shutdownGraceMs);
  deadline.unref();
  const closing = app.close();
  // A connection carrying no request we handle (a request still arriving, a keep-alive between requests) would hold
  // close() open until its timeout: once every request in flight is answered, drop the rest.
  const drain = setInterval(() => {
    if (deps.lifecycle!.inFlightRequests?.() === 0) app.server.closeAllConnections();
  }, 50);
  await closing;
  clearInterval(drain);
  await closeAppDeps(deps);
  app.log.info('Shut down cleanly');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const chain = deps.chain ? `, chain ${deps.chain.chainId} at /rpc` : ', chain disabled';
app.log.info(`Marketplace ready on http://${config.host}:${config.port} (${deps.database.kind} database${chain})`);
