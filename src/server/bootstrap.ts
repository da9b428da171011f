import type { Config } from './config';
import type { AppDeps } from './app-deps';
import { migrateDatabase, openDatabase } from './db/client';
import { seedCatalogue } from './db/seed';
import { Catalogue } from './services/catalogue';
import { MarketEvents } from './services/market-events';
import { PlatformStatsCache } from './services/platform-stats';

/** Opens and migrates the database, seeds the demo catalogue when asked, and wires the shared services. */
export async function createAppDeps(config: Config, options: { loadDataDir?: Blob; clock?: () => Date } = {}): Promise<AppDeps> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir: options.loadDataDir });
  if (!options.loadDataDir) await migrateDatabase(database);
  if (config.seedDemoData && !options.loadDataDir) await seedCatalogue(database.db);
  const events = new MarketEvents();
  return {
    config,
    db: database.db,
    database,
    clock: options.clock ?? (() => new Date()),
    events,
    catalogue: new Catalogue(database.db, events),
    platformStats: new PlatformStatsCache(database.db, events),
  };
}
