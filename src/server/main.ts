import { loadConfig } from './config';
import { closeAppDeps, createAppDeps } from './bootstrap';
import { buildApp } from './app';

const config = loadConfig();
const deps = await createAppDeps(config);
const app = await buildApp(deps);

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await closeAppDeps(deps);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const chain = deps.chain ? `, chain ${deps.chain.chainId} at /rpc` : ', chain disabled';
app.log.info(`Marketplace ready on http://${config.host}:${config.port} (${deps.database.kind} database${chain})`);
