import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Catalogue } from './services/catalogue';
import type { MarketEvents } from './services/market-events';
import type { PlatformStatsCache } from './services/platform-stats';

/** Everything a route needs, passed in (never imported) so tests build the app on their own database. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  clock: () => Date;
  events: MarketEvents;
  catalogue: Catalogue;
  platformStats: PlatformStatsCache;
}
