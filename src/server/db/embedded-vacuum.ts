import type { PGlite } from '@electric-sql/pglite';

/**
 * Autovacuum's rule (a table is vacuumed once its dead rows pass a base plus a share of its live rows), applied by
 * the server because PGlite runs no autovacuum. Far lower than autovacuum's default 20%: the hot statements walk their
 * indexes oldest first, and a dead entry left at the front of a pool's or a seller's lots is walked by every batch.
 * And a vacuum holds the embedded database (on the main thread, every request) for its whole length, which grows with
 * the dead rows it meets: of a 150,000-row holdings table, 1–2 ms after 1,000 changed rows (few pages hold dead rows,
 * so it skips the indexes), 10 ms after 7,700 (5% of it), 40 ms on a loaded machine. Often and small, then.
 */
const DEAD_ROWS_BASE = 200;
const DEAD_ROWS_SHARE = 0.01;

/**
 * Autovacuum also vacuums a table that only grows (since PostgreSQL 13: 1,000 rows + 20% inserted), for the visibility
 * map: until a vacuum marks its new pages all-visible, an index-only scan must still visit every row it returns. The
 * dashboard's totals are summed from an index of a trader's lots (holdings_user_totals_idx): 9 ms at 12,000 lots
 * whose pages were never vacuumed, 4 ms once they were. Lower here too, for short pauses: such a vacuum reads only the
 * pages filled since the last one.
 */
const INSERTED_ROWS_BASE = 1_000;
const INSERTED_ROWS_SHARE = 0.05;

/**
 * Autovacuum's other half, ANALYZE, on a looser rule (autovacuum's is 50 rows + 10%): without statistics the planner
 * guesses one row for every condition, and the swap batch's read of each seller's oldest lots took the (project,
 * status) index, walking every active lot of the project for each seller (7,600 after a run of purchases: 20–50 ms a
 * batch, swaps at ~1,000/s), where the seller's own index reads one row. What the planner needs is magnitudes and
 * distinct counts, so a small sample (statistics target 10: 3,000 rows) does, and it holds the database 1–25 ms
 * where the default sample held it 60–180 ms on 150,000 holdings. The target applies to ANALYZE alone.
 */
const ANALYZE_BASE = 500;
const ANALYZE_SHARE = 0.5;
const ANALYZE_STATISTICS_TARGET = 10;

/** The calls the vacuum makes: a PGlite instance, on this thread or its own (pglite-remote.ts). */
export type VacuumTarget = Pick<PGlite, 'query' | 'exec'>;

export interface EmbeddedVacuum {
  /** Vacuums every table over the threshold now (tests and benches; the timer does one table per tick). */
  runAll(): Promise<string[]>;
  /** No more ticks; resolves once a tick under way has ended, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Without vacuum, every update leaves its old row and index entries behind for good: a server driven for minutes of
 * 1 t swaps went from ~3,500 to ~300 swaps a second as each batch's ordered index walks crossed more dead entries
 * (issue 28). Every `intervalMs` this vacuums the table with the most dead rows over a threshold (or inserted rows
 * over theirs), one table a tick so that a pause of the main thread stays short (a vacuum of changes since the last
 * one takes milliseconds: the visibility map skips untouched pages); every other tick may instead analyze the table
 * most changed since its last statistics. Statistics are flushed first: the embedded backend otherwise holds them back.
 */
export function startEmbeddedVacuum(pglite: VacuumTarget, options: { intervalMs: number; onError?: (error: unknown) => void }): EmbeddedVacuum {
  let running: Promise<void> | null = null;
  let stopped = false;

  const tablesOverThreshold = async (): Promise<string[]> => {
    await pglite.query('select pg_stat_force_next_flush()');
    const { rows } = await pglite.query<{ relname: string }>(`
      select relname from pg_stat_user_tables
      where schemaname = 'public'
        and (n_dead_tup > $1::int + $2::float8 * n_live_tup or n_ins_since_vacuum > $3::int + $4::float8 * n_live_tup)
      order by n_dead_tup desc, n_ins_since_vacuum desc`, [DEAD_ROWS_BASE, DEAD_ROWS_SHARE, INSERTED_ROWS_BASE, INSERTED_ROWS_SHARE]);
    return rows.map((row) => row.relname);
  };
  const vacuum = (table: string) => pglite.exec(`vacuum ${quoteIdentifier(table)}`);

  const tablesToAnalyze = async (): Promise<string[]> => {
    const { rows } = await pglite.query<{ relname: string }>(`
      select relname from pg_stat_user_tables
      where schemaname = 'public' and n_mod_since_analyze > $1::int + $2::float8 * n_live_tup
      order by n_mod_since_analyze desc`, [ANALYZE_BASE, ANALYZE_SHARE]);
    return rows.map((row) => row.relname);
  };
  const analyze = (table: string) => pglite.exec(`set default_statistics_target = ${ANALYZE_STATISTICS_TARGET}; analyze ${quoteIdentifier(table)}`);

  // Every other tick may analyze instead, so that a pause of the main thread stays one short statement either way.
  let turn = 0;
  const tick = async () => {
    if (turn++ % 2 === 1) {
      const [stale] = await tablesToAnalyze();
      if (stale && !stopped) {
        await analyze(stale);
        return;
      }
    }
    const [worst] = await tablesOverThreshold();
    if (worst && !stopped) await vacuum(worst);
  };
  // A tick still running when the next is due is not queued behind: that one is skipped.
  const timer = setInterval(() => {
    if (running) return;
    running = tick().catch((error: unknown) => options.onError?.(error)).finally(() => { running = null; });
  }, options.intervalMs);
  timer.unref();

  return {
    async runAll() {
      const tables = await tablesOverThreshold();
      for (const table of tables) await vacuum(table);
      for (const table of await tablesToAnalyze()) await analyze(table);
      return tables;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
