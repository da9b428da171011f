// `npm run bench`: every benchmark in turn, or only those named: `npm run bench -- engine http-marketplace`.
import { existsSync } from 'node:fs';
import path from 'node:path';

const ALL = ['engine', 'embedded-chain', 'http-marketplace', 'trading-desk', 'http-trading', 'http-swaps', 'memory-books', 'chain-anchoring', 'chain-restart', 'rpc-gateway', 'soak', 'feed-latency', 'first-load', 'http-programmatic', 'operations', 'history-reads', 'signed-in-reads'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;

for (const name of wanted) {
  const file = path.resolve(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n== ${name} ==`);
  const module = (await import(file)) as { run: () => Promise<void> };
  await module.run();
}
