import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { seedCatalogue } from '@/server/db/seed';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

export interface JournalEntry { idx: number; tag: string }

/**
 * A migration test's database: a PGlite data directory migrated only as far as `keep` says (the journal entries an
 * older release had), seeded with the catalogue, filled by `write`, then opened by this app, which applies the
 * migrations the old one lacked. `close` closes the app and removes the directory.
 */
export async function appOnOlderDatabase(options: {
  /** Names the temporary directory. */
  prefix: string;
  /** The journal entries the older database was migrated with. */
  keep: (entries: JournalEntry[]) => JournalEntry[];
  /** Writes the older database's rows. */
  write: (pglite: PGlite) => Promise<void>;
}): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), options.prefix));
  const dataDir = path.join(dir, 'data');
  const folder = path.join(dir, 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  journal.entries = options.keep(journal.entries);
  writeFileSync(journalPath, JSON.stringify(journal));

  const pglite = new PGlite(dataDir);
  await migrate(drizzle(pglite), { migrationsFolder: folder });
  await seedCatalogue(drizzle(pglite, { schema }) as unknown as Database);
  await options.write(pglite);
  await pglite.close();
  const t = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
  return {
    t,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
