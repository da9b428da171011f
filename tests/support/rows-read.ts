import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';

export interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Join Filter'?: number;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

/** Runs `query` under EXPLAIN ANALYZE (it runs: a write changes rows) and answers its plan's root. */
export async function explainAnalyze(executor: Executor, query: SQL): Promise<PlanNode> {
  const result = await executor.execute(sql`explain (analyze, format json) ${query}`);
  const cell = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]['QUERY PLAN'];
  const [explained] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return explained.Plan;
}

/** Rows of `table` the plan's scans looked at: those they returned and those they read and dropped. */
function rowsLookedAt(node: PlanNode, table: string): number {
  const loops = node['Actual Loops'] ?? 1;
  // A ModifyTable node names its table too, but it reads nothing: its rows come from the scans below it.
  const own = node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable'
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * loops
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsLookedAt(child, table), 0);
}

/** The subtree of the plan node named `name` (a CTE is 'CTE <its name>'). */
function subplan(node: PlanNode, name: string): PlanNode | undefined {
  if (node['Subplan Name'] === name) return node;
  for (const child of node.Plans ?? []) {
    const found = subplan(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Runs `query` (a read: it runs) under EXPLAIN ANALYZE: the rows of `table` its plan, or its part named `part`, looked at. */
export async function rowsReadBy(executor: Executor, query: SQL, { table, part }: { table: string; part?: string }): Promise<number> {
  const plan = await explainAnalyze(executor, query);
  const node = part ? subplan(plan, part) : plan;
  if (!node) throw new Error(`the plan has no ${part}`);
  return rowsLookedAt(node, table);
}

/**
 * Wraps a statement runner: each statement whose text `reads` picks out (it must be a read, since it runs twice) is
 * first run under EXPLAIN ANALYZE, planned with seq scans off like the embedded database's runner, and the rows of `table` that its plan, or the part of it named `part`, looked at
 * are recorded. How a batch's read grows with history is a property of its plan, so tests assert it as a count of
 * rows, not as time.
 */
export function countingRowsRead(inner: StatementRunner, { table, part, reads }: { table: string; part?: string; reads: (text: string) => boolean }) {
  const dialect = new PgDialect();
  const counts: number[] = [];
  const runner: StatementRunner = async (executor: Executor, query: SQL) => {
    if (reads(dialect.sqlToQuery(query).sql)) {
      // Planned as the app's runner plans its statements on the embedded database (see preparedStatements).
      await executor.execute(sql`set enable_seqscan = off`);
      try {
        counts.push(await rowsReadBy(executor, query, { table, part }));
      } finally {
        await executor.execute(sql`reset enable_seqscan`);
      }
    }
    return inner(executor, query);
  };
  return { runner, counts };
}
