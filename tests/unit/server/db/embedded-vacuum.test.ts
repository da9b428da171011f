import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedVacuum, type EmbeddedVacuum } from '@/server/db/embedded-vacuum';

// PGlite runs no autovacuum (issue 28): the server's own schedule must reclaim dead rows, or every index walk over
// a queue-like table (a pool's lots, a seller's oldest lots) crosses more of them each minute.
describe('the embedded database vacuum', () => {
  let db: PGlite;
  let vacuum: EmbeddedVacuum | undefined;
  afterEach(async () => {
    await vacuum?.stop();
    await db.close();
  });

  async function deadRows(table: string): Promise<{ dead: number; vacuums: number }> {
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<{ dead: number; vacuums: number }>(
      'select n_dead_tup::int as dead, vacuum_count::int as vacuums from pg_stat_user_tables where relname = $1', [table]);
    return rows[0];
  }

  async function churn(): Promise<void> {
    await db.exec(`create table lots (id serial primary key, status text not null, age int not null);
      create index lots_pooled on lots (age, id) where status = 'pooled';
      create table quiet (id int primary key);
      insert into lots (status, age) select 'pooled', g from generate_series(1, 2000) g;
      insert into quiet select g from generate_series(1, 100) g;`);
    // A queue: the oldest pooled lots leave, new ones arrive, as 1 t swaps do to a pool.
    for (let round = 0; round < 10; round++) {
      await db.exec(`update lots set status = 'active' where id in (select id from lots where status = 'pooled' order by age, id limit 100);
        insert into lots (status, age) select 'pooled', 3000 + ${round} * 100 + g from generate_series(1, 100) g;`);
    }
  }

  it('vacuums the tables past the threshold and leaves the others alone', async () => {
    db = new PGlite();
    await churn();
    expect((await deadRows('lots')).dead).toBeGreaterThan(500);
    vacuum = startEmbeddedVacuum(db, { intervalMs: 3_600_000 });
    expect(await vacuum.runAll()).toEqual(['lots']);
    expect(await deadRows('lots')).toEqual({ dead: 0, vacuums: 1 });
    expect((await deadRows('quiet')).vacuums).toBe(0);
    expect(await vacuum.runAll()).toEqual([]);
  });

  it('vacuums a table that only grows, so that an index-only scan of its new rows reads no row from the table', async () => {
    db = new PGlite();
    // A trader's lots bought in small batches, as purchases add them; never updated, so never a dead row.
    await db.exec(`create table lots (id serial primary key, user_id int not null, quantity int not null);
      create index lots_user on lots (user_id, quantity);
      create table few (id int primary key);
      insert into few select g from generate_series(1, 900) g;`);
    for (let batch = 0; batch < 40; batch++) await db.exec(`insert into lots (user_id, quantity) select g % 4, 1 from generate_series(1, 100) g`);
    const heapFetches = async () => {
      await db.exec('set enable_seqscan = off; set enable_bitmapscan = off');
      const { rows } = await db.query<{ 'QUERY PLAN': string }>('explain analyze select sum(quantity) from lots where user_id = 1');
      await db.exec('reset enable_seqscan; reset enable_bitmapscan');
      return Number(/Heap Fetches: (\d+)/.exec(rows.map((row) => row['QUERY PLAN']).join('\n'))?.[1]);
    };
    expect(await heapFetches()).toBe(1_000);
    await db.query('select pg_stat_force_next_flush()');
    vacuum = startEmbeddedVacuum(db, { intervalMs: 3_600_000 });
    // 4,000 inserted rows pass the threshold; 900 do not.
    expect(await vacuum.runAll()).toEqual(['lots']);
    expect(await heapFetches()).toBe(0);
    expect(await vacuum.runAll()).toEqual([]);
  });

  it('vacuums on its own schedule, one table a tick', async () => {
    db = new PGlite();
    await churn();
    vacuum = startEmbeddedVacuum(db, { intervalMs: 20 });
    await expect.poll(async () => (await deadRows('lots')).vacuums, { timeout: 5_000 }).toBeGreaterThan(0);
    expect((await deadRows('lots')).dead).toBe(0);
  });

  it('analyzes changed tables, so that the planner reads a seller\'s oldest lots by the seller\'s own index', async () => {
    db = new PGlite();
    // The shape of holdings that misled the planner without statistics: one project's 8,000 active lots of 400
    // accounts, and the two indexes a seller's oldest-lots read can take.
    await db.exec(`create table holdings (id serial primary key, user_id int not null, project_id int not null, status text not null, purchase_date int not null);
      create index holdings_project_idx on holdings (project_id, status);
      create index holdings_seller_lots_idx on holdings (user_id, project_id, purchase_date, id) where status = 'active';
      insert into holdings (user_id, project_id, status, purchase_date) select g % 400, 6, 'active', g from generate_series(1, 8000) g;`);
    const plan = async () => (await db.query<{ 'QUERY PLAN': string }>(`explain select id from holdings
      where user_id = 7 and status = 'active' and project_id = 6 order by purchase_date, id limit 1`)).rows.map((row) => row['QUERY PLAN']).join('\n');
    const statsRows = async () => (await db.query<{ count: number }>(`select count(*)::int as count from pg_stats where tablename = 'holdings'`)).rows[0].count;
    expect(await statsRows()).toBe(0);
    await db.query('select pg_stat_force_next_flush()');
    vacuum = startEmbeddedVacuum(db, { intervalMs: 3_600_000 });
    await vacuum.runAll();
    expect(await statsRows()).toBeGreaterThan(0);
    expect(await plan()).toContain('holdings_seller_lots_idx');
    // Nothing changed since: nothing is analyzed again.
    const analyzed = async () => (await db.query<{ count: number }>(`select analyze_count::int as count from pg_stat_user_tables where relname = 'holdings'`)).rows[0].count;
    await db.query('select pg_stat_force_next_flush()');
    const before = await analyzed();
    await vacuum.runAll();
    await db.query('select pg_stat_force_next_flush()');
    expect(await analyzed()).toBe(before);
  });
});
