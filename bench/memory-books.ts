// Issue 17 benchmark: memory and start-up with 200,000 resting orders over 14 order books, on the compiled server
// (`node dist/server/main.js` with the environment `npm start` gives it, scripts/server-env.mjs; built first). The
// server prepares a file-backed embedded database once (migrations, catalogue, chain), the resting orders are then
// written straight into it with SQL (buys below the list price with their cash locked, 1 t sells above it with their
// escrowed lots, the project's serials and the buyers' cash moved to match), and the server is started again on it,
// `npm start` defaults (chain on): start-up is the time from spawning the process until all 14 order books have
// answered, and RSS is the server's resident memory after that and after one crossing order per book.
// BENCH_RESTING_ORDERS (200000) changes the count; BENCH_CHAIN_ENABLED=false leaves the chain out, to see its share.
// Run: npm run bench -- memory-books
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { freePort, waitUntilOk, type ClusterProcess } from '@scripts/cluster';
import { serverProcessEnv } from '@scripts/server-env.mjs';
import { signUpMany } from './support/harness';

const BOOKS = 14;
const ACCOUNTS = 100;
const TARGET_RSS_MB = 400;
const TARGET_START_MS = 5000;

const ROOT = path.resolve(import.meta.dirname, '..');

async function startCompiled(dataDir: string): Promise<ClusterProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: serverProcessEnv({
      ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', CHAIN_ENABLED: process.env.BENCH_CHAIN_ENABLED ?? 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000', DEMO_CASH_CENTS: '100000000000',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const instance = { name: 'dist/server/main.js', port, url: `http://127.0.0.1:${port}`, process: child, exited };
  await waitUntilOk(instance, '/readyz', 120_000);
  return instance;
}

async function stop(instance: ClusterProcess): Promise<void> {
  instance.process.kill('SIGTERM');
  await instance.exited;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Writes `total` resting orders over the first BOOKS projects, keeping every tonne and cent where the ledger expects it. */
async function seedRestingOrders(dataDir: string, total: number): Promise<void> {
  const db = new PGlite(dataDir);
  await db.waitReady;
  const perBook = Math.floor(total / BOOKS);
  await db.exec(`
    begin;
    create temporary table traders as
      select id, row_number() over (order by id) - 1 as n from users order by id limit ${ACCOUNTS};
    create temporary table books as
      select id, price_cents, next_serial, least(available_credits, ${Math.floor(perBook / 2)}) as sells,
        row_number() over (order by id) as n
      from projects order by id limit ${BOOKS};
    -- Sells: one 1 t order per escrowed lot, 1-200 cents above the list price, serials taken from the project.
    create temporary table sells as
      select b.id as project_id, b.next_serial + g.i as serial, (select id from traders where n = g.i % ${ACCOUNTS}) as user_id,
        b.price_cents + 1 + g.i % 200 as price_cents, nextval('orders_id_seq')::int as order_id
      from books b cross join lateral generate_series(0, b.sells - 1) as g(i);
    insert into orders (id, user_id, project_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents, locked_cents, status)
      select order_id, user_id, project_id, 'sell', 1, 0, 1, price_cents, 0, 'open' from sells;
    insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status, order_id, origin, token_id)
      select user_id, project_id, 1, serial, serial, price_cents, 'escrowed', order_id, 'purchase', serial from sells;
    update projects p set available_credits = p.available_credits - b.sells, next_serial = p.next_serial + b.sells
      from books b where p.id = b.id;
    -- Buys: the rest of each book, 1-3 t, 1-200 cents below the list price, their cash locked.
    insert into orders (user_id, project_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents, locked_cents, status)
      select t.id, b.id, 'buy', 1 + g.i % 3, 0, 1 + g.i % 3, b.price_cents - 1 - g.i % 200, (1 + g.i % 3) * (b.price_cents - 1 - g.i % 200), 'open'
      from books b cross join lateral generate_series(0, ${perBook} - b.sells - 1) as g(i)
      join traders t on t.n = g.i % ${ACCOUNTS};
    update users u set cash_cents = u.cash_cents - l.locked
      from (select user_id, sum(locked_cents) as locked from orders where order_type = 'buy' group by user_id) l where u.id = l.user_id;
    commit;
    analyze;`);
  await db.close();
}

export async function run(): Promise<void> {
  const total = Number(process.env.BENCH_RESTING_ORDERS ?? 200_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-memory-'));
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('server build failed');
  try {
    const first = await startCompiled(dataDir);
    await signUpMany(first.url, ACCOUNTS, 'memory');
    await stop(first);
    const seedStartedMs = Date.now();
    await seedRestingOrders(dataDir, total);
    console.log(`  seeded ${total.toLocaleString('en-US')} resting orders over ${BOOKS} books in ${Date.now() - seedStartedMs} ms`);

    const startedMs = Date.now();
    const server = await startCompiled(dataDir);
    const baseUrl = server.url;
    const pid = server.process.pid!;
    const readyMs = Date.now() - startedMs;
    try {
      const projects = ((await (await fetch(`${baseUrl}/api/projects`)).json()) as { id: number; pricePerCredit: string }[])
        .sort((a, b) => a.id - b.id).slice(0, BOOKS);
      let resting = 0;
      for (const project of projects) {
        const book = (await (await fetch(`${baseUrl}/api/trading/orderbook/${project.id}`)).json()) as { buyOrders: unknown[]; sellOrders: unknown[] };
        resting += book.buyOrders.length + book.sellOrders.length;
      }
      const loadedMs = Date.now() - startedMs;
      const afterStart = rssMb(pid);
      const [cookie] = await signUpMany(baseUrl, 1, 'memory-taker');
      for (const project of projects) {
        const response = await fetch(`${baseUrl}/api/trading/orders`, {
          method: 'POST', headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: (Number(project.pricePerCredit) + 5).toFixed(2) }),
        });
        if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
      }
      const afterOrders = rssMb(pid);
      const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
      console.log(`  start-up until /readyz answered: ${readyMs} ms; until the ${BOOKS} order books answered (${resting} depth levels): ${loadedMs} ms`);
      console.log(`    ${verdict(loadedMs <= TARGET_START_MS)}: target ≤ ${TARGET_START_MS} ms`);
      console.log(`  RSS after start-up: ${afterStart.toFixed(0)} MB; after one crossing order per book: ${afterOrders.toFixed(0)} MB`);
      console.log(`    ${verdict(Math.max(afterStart, afterOrders) <= TARGET_RSS_MB)}: target ≤ ${TARGET_RSS_MB} MB`);
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
