import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { formatCents } from '@/domain/money';
import { positionPerformance, totalPerformance, type Performance } from '@/domain/trading/portfolio-performance';
import type { PortfolioPerformance } from '@/shared/schemas/trading';

interface PositionRow {
  project_id: number;
  name: string;
  list_price_cents: string;
  tonnes: string;
  cost_cents: string;
  last_price_cents: string | null;
}

/**
 * The user's positions per project (active and escrowed tonnes: credits in a sell order are still theirs), valued
 * at the project's last trade price, else its list price, against what the user paid for them.
 */
export async function portfolioPerformance(db: Database, userId: number): Promise<PortfolioPerformance> {
  const result = await db.execute(sql`
    select h.project_id, p.name, p.price_cents::text as list_price_cents, sum(h.quantity)::text as tonnes,
      sum(h.quantity::bigint * h.purchase_price_cents)::text as cost_cents,
      (select t.price_cents::text from trades t where t.project_id = h.project_id order by t.created_at desc, t.id desc limit 1) as last_price_cents
    from holdings h join projects p on p.id = h.project_id
    where h.user_id = ${userId}::int and h.status in ('active', 'escrowed')
    group by h.project_id, p.name, p.price_cents
    order by h.project_id`);
  const rows = (result as unknown as { rows: PositionRow[] }).rows;
  const positions = rows.map((row) => ({
    row,
    performance: positionPerformance({
      quantityTonnes: Number(row.tonnes),
      costBasisCents: BigInt(row.cost_cents),
      lastTradePriceCents: row.last_price_cents === null ? null : BigInt(row.last_price_cents),
      listPriceCents: BigInt(row.list_price_cents),
    }),
  }));
  return {
    positions: positions.map(({ row, performance }) => ({
      projectId: row.project_id,
      projectName: row.name,
      marketPrice: formatCents(performance.marketPriceCents!),
      ...performanceFields(performance),
    })),
    total: performanceFields(totalPerformance(positions.map((position) => position.performance))),
  };
}

function performanceFields(performance: Performance) {
  return {
    quantity: performance.quantityTonnes,
    costBasis: formatCents(performance.costBasisCents),
    marketValue: formatCents(performance.marketValueCents),
    unrealisedPnl: formatCents(performance.unrealisedPnlCents),
    unrealisedPnlPercent: formatCents(performance.unrealisedPnlBasisPoints),
  };
}
