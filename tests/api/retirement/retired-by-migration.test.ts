import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@/shared/schemas/certificate';
import type { TestApp } from '@tests/support/test-app';
import { appOnOlderDatabase, type JournalEntry } from '@tests/support/older-database';
import { getAs } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';

// Issue 30, item 1: certificates issued before the retiring organisation was recorded get it back-filled from the
// organisation's current name, under the same rule as new retirements. The database is written with every migration
// before this one, then opened by this app, which applies it.

const MIGRATION_TAG = '_retired_by_organisation';

/** The migrations without this one (whatever number the merge gives it) and any after it. */
function migrationsBefore(entries: JournalEntry[]): JournalEntry[] {
  const cut = entries.find((entry) => entry.tag.endsWith(MIGRATION_TAG));
  if (!cut) throw new Error(`no migration ending in ${MIGRATION_TAG}`);
  return entries.filter((entry) => entry.idx < cut.idx);
}

async function writeOldCertificates(pglite: PGlite): Promise<void> {
  // 1: a person alone; 2: a shared organisation with a legal name; 3: a shared one without, two members (3's
  // account and person 1); 4: a shared one without a legal name and one member; 5: a person who set a legal name.
  await pglite.exec(`
    insert into users (id, email, password_hash, first_name, company_name, cash_cents, deposited_cents) values
      (1, 'ada@example.com', 'x', 'Ada', 'Analytical Engines', 0, 0), (2, 'org2@organisations.invalid', '!organisation', 'Acme', 'Acme', 0, 0),
      (3, 'org3@organisations.invalid', '!organisation', 'Team', 'Team', 0, 0), (4, 'org4@organisations.invalid', '!organisation', 'Solo', 'Solo', 0, 0),
      (5, 'eve@example.com', 'x', 'Eve', null, 0, 0);
    insert into organisations (account_id, name, legal_name, personal) values
      (1, 'Analytical Engines', null, true), (2, 'Acme', 'Acme Carbon GmbH', false), (3, 'Team', '', false), (4, 'Solo', null, false),
      (5, 'Eve', 'Eve Advisory Ltd', true);
    insert into organisation_members (account_id, user_id, role) values
      (1, 1, 'owner'), (2, 1, 'owner'), (3, 1, 'owner'), (3, 5, 'retirer'), (4, 1, 'owner'), (5, 5, 'owner');
    insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status) values
      (1, 1, 1, 1, 1, 1, 2000, 'retired'), (2, 2, 1, 1, 2, 2, 2000, 'retired'), (3, 3, 1, 1, 3, 3, 2000, 'retired'),
      (4, 4, 1, 1, 4, 4, 2000, 'retired'), (5, 5, 1, 1, 5, 5, 2000, 'retired');
    insert into certificates (id, user_id, holding_id, project_id, beneficiary, reason, quantity, serial_start, serial_end, retired_at)
      select 'CERT-OLDAAAAAAAAAAAA' || chr(64 + n), n, n, 1, 'Someone', 'Net zero', 1, n, n, now() from generate_series(1, 5) as n;
  `);
}

let t: TestApp;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, close } = await appOnOlderDatabase({ prefix: 'retired-by-migration-', keep: migrationsBefore, write: writeOldCertificates }));
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('certificates issued before the retiring organisation was recorded', () => {
  it('get the organisation\'s current legal name, else name, where the rule names it, and null where it does not', async () => {
    const rows = await queryRows(t.deps, sql`select id, retired_by_organisation from certificates order by id`);
    expect(rows).toEqual([
      { id: 'CERT-OLDAAAAAAAAAAAAA', retired_by_organisation: null },
      { id: 'CERT-OLDAAAAAAAAAAAAB', retired_by_organisation: 'Acme Carbon GmbH' },
      { id: 'CERT-OLDAAAAAAAAAAAAC', retired_by_organisation: 'Team' },
      { id: 'CERT-OLDAAAAAAAAAAAAD', retired_by_organisation: null },
      { id: 'CERT-OLDAAAAAAAAAAAAE', retired_by_organisation: 'Eve Advisory Ltd' },
    ]);
  });

  it('show it on the public certificate', async () => {
    const json = (await getAs(t.app, '/api/certificates/CERT-OLDAAAAAAAAAAAAB')).json() as Certificate;
    expect(json).toMatchObject({ certificateId: 'CERT-OLDAAAAAAAAAAAAB', retiredByOrganisation: 'Acme Carbon GmbH', beneficiary: 'Someone' });
  });
});
