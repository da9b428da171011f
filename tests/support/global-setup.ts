import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, migrateDatabase, MIGRATIONS_FOLDER } from '@/server/db/client';
import { seedCatalogue } from '@/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * A fresh PGlite runs initdb for ~10 s; a dump of a migrated, seeded database loads in ~1 s.
 * The dump is keyed by the migrations and seed, so it is rebuilt whenever they change.
 */
export default async function setup(project: TestProject) {
  const key = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) if (file.endsWith('.sql')) key.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  for (const file of ['seed-projects.ts', 'seed.ts']) key.update(readFileSync(path.resolve(import.meta.dirname, '../../src/server/db', file)));
  const templatePath = path.join(os.tmpdir(), `carbon-marketplace-template-${key.digest('hex').slice(0, 16)}.tar`);
  if (!process.env.TEST_DATABASE_URL && !existsSync(templatePath)) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(handle);
    await seedCatalogue(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  }
  project.provide('pgliteTemplatePath', templatePath);
  // The API suite checks every response against /api/docs/json (response-check.ts); each file writes its count here.
  const checkDir = project.name === 'api' ? mkdtempSync(path.join(os.tmpdir(), 'carbon-openapi-check-')) : '';
  project.provide('responseCheckDir', checkDir);
  return () => {
    if (checkDir) reportResponseChecks(checkDir);
  };
}

/** Sums the files' counts into one line (and a summary file beside it, for reports) and removes the directory. */
function reportResponseChecks(dir: string): void {
  const byRoute = new Map<string, number>();
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  for (const name of files) {
    const { checkedByRoute } = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { checkedByRoute: Record<string, number> };
    for (const [key, count] of Object.entries(checkedByRoute)) byRoute.set(key, (byRoute.get(key) ?? 0) + count);
  }
  rmSync(dir, { recursive: true, force: true });
  const total = [...byRoute.values()].reduce((sum, count) => sum + count, 0);
  const routes = new Set([...byRoute.keys()].map((key) => key.split(' ').slice(0, 2).join(' ')));
  const line = `[openapi] ${total} responses checked against /api/docs/json in ${files.length} test files (${routes.size} routes, ${byRoute.size} route × status pairs)`;
  console.log(line);
  const lines = [...byRoute].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key} ${count}`);
  writeFileSync(path.join(os.tmpdir(), 'carbon-openapi-check-summary.txt'), `${line}\n${lines.join('\n')}\n`);
}
