import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import type { AppDeps } from '@/server/app-deps';
import { closeAppDeps, createAppDeps, type ChainDepsOptions } from '@/server/bootstrap';
import { testConfig, type Config } from '@/server/config';
import type { StatementRunner } from '@/server/db/statement-runner';
import { checkResponsesAgainstDocument, failOnMismatches } from './response-check';

// Every API test file builds its app here: each response it receives is checked against /api/docs/json.
failOnMismatches();

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clientDist?: string;
  /** Chain options when `overrides.chain.enabled` (tests pass a fixed custody key, or wrap the chain). */
  chain?: ChainDepsOptions;
  /**
   * A file-backed PGlite database in this directory, even when TEST_DATABASE_URL is set: a template clone when the
   * directory has no database yet, else the database as the previous app left it (a restart).
   */
  persistentDataDir?: string;
  /** The app's clock (tests that cross an expiry move it). */
  clock?: () => Date;
  /** Receives the app's log lines (pass `logLevel` in the overrides too: tests are silent by default). */
  logDestination?: { write(line: string): void };
  /** Wraps the runner of the hot-path statements (purchases, trading, swaps): tests inject failures and delays there. */
  wrapStatements?: (inner: StatementRunner) => StatementRunner;
}

/**
 * The real app on its own database: a PGlite clone of the migrated template, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server (migrated and seeded, dropped at close).
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let deps: AppDeps;
  if (options.persistentDataDir) {
    const dataDir = options.persistentDataDir;
    const template = existsSync(path.join(dataDir, 'PG_VERSION')) ? undefined : new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    deps = await createAppDeps(testConfig({ ...overrides, dataDir }), { loadDataDir: template, chain: options.chain, clock: options.clock });
  } else if (serverUrl) {
    const name = `carbon_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    deps = await createAppDeps(testConfig({ ...overrides, databaseUrl: url.toString() }), { chain: options.chain, clock: options.clock });
    dropDatabase = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    const template = readFileSync(inject('pgliteTemplatePath'));
    deps = await createAppDeps(testConfig(overrides), { loadDataDir: new Blob([template]), chain: options.chain, clock: options.clock });
  }
  if (options.wrapStatements) deps.statements = options.wrapStatements(deps.statements);
  const app = await buildCheckedApp(deps, { clientDist: options.clientDist ?? '/nonexistent', logDestination: options.logDestination });
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeAppDeps(deps);
      await dropDatabase();
    },
  };
}

/** `buildApp` for tests that build a second app on the same deps: its responses are checked like createTestApp's. */
export async function buildCheckedApp(deps: AppDeps, options: Parameters<typeof buildApp>[1] = {}): Promise<FastifyInstance> {
  const app = await buildApp(deps, options);
  checkResponsesAgainstDocument(app);
  return app;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let counter = 0;

/** The password `signUp` registers every account with. */
export const SIGN_UP_PASSWORD = 'correct horse battery';

/** Registers a new account and returns its session cookie header. */
export async function signUp(app: FastifyInstance, fields: { firstName?: string; companyName?: string; email?: string } = {}) {
  const email = fields.email ?? `user${++counter}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: SIGN_UP_PASSWORD, firstName: fields.firstName ?? 'Ada', ...(fields.companyName ? { companyName: fields.companyName } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0];
  return { cookie, email, user: response.json() as { id: number; cashBalance: string } };
}
