import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { formatCents } from '@/domain/money';
import type { PlatformStats } from '@/shared/schemas/stats';
import type { MarketEvents } from './market-events';

/**
 * Platform-wide totals: issued tonnes, companies (accounts holding or having held credits), tonnes retired and
 * the cash volume of purchases, trades and swaps. Cached like the catalogue: dropped on local writes, 1 s TTL.
 */
export class PlatformStatsCache {
  private value: PlatformStats | null = null;
  private loadedAtMs = 0;

  constructor(private readonly db: Database, events: MarketEvents, private readonly ttlMs = 1000) {
    events.subscribe(() => { this.value = null; });
  }

  async get(): Promise<PlatformStats> {
    if (this.value && Date.now() - this.loadedAtMs < this.ttlMs) return this.value;
    const result = await this.db.execute(sql`
      select
        (select coalesce(sum(total_issued), 0) from projects) as total_credits,
        (select count(distinct user_id) from holdings where user_id is not null) as companies,
        (select coalesce(sum(quantity), 0) from holdings where status = 'retired') as retired,
        (select coalesce(sum(total_cents), 0) from transactions where type = 'purchase')
          + (select coalesce(sum(total_cents), 0) from trades) as volume_cents`);
    const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0];
    this.value = {
      totalCredits: Number(row.total_credits),
      companiesActive: Number(row.companies),
      co2Offset: Number(row.retired),
      transactionVolume: formatCents(BigInt(row.volume_cents)),
    };
    this.loadedAtMs = Date.now();
    return this.value;
  }
}
