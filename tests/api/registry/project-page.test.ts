import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedCatalogue } from '@/server/db/seed';
import { SEED_PROJECTS } from '@/server/db/seed-projects';
import { projects as projectsTable } from '@/server/db/schema';
import { isValidMrvHash } from '@/domain/mrv/mrv-hash';
import type { ProjectDetails } from '@/shared/schemas/project-details';
import { buyCredits, findProject, getAs, listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';
import { queryRows } from '@tests/api/trading/trading-kit';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(() => t.close());

describe('integrity attributes of the catalogue', () => {
  it('are seeded for all 14 demo projects, labelled demo data, and served by GET /api/projects', async () => {
    const served = await listProjects(t.app);
    expect(served).toHaveLength(14);
    for (const seed of SEED_PROJECTS) expect(served.find((project) => project.name === seed.name)!.integrity, seed.slug).toEqual(seed.integrity);
    expect(served.every((project) => project.integrity.demoData)).toBe(true);
    expect(served.filter((project) => project.integrity.category === 'removal').every((project) => project.integrity.bufferPoolPercent !== null)).toBe(true);
  });

  it('are brought into an existing database by the seed, idempotently, without touching its ledger fields', async () => {
    const project = await findProject(t.app, 'Rwanda Clean Cookstoves');
    const { cookie } = await signUp(t.app);
    await buyCredits(t.app, cookie, project, 7);
    // A database from before the labels existed: the migration's defaults.
    await t.deps.db.update(projectsTable).set({ ccpLabel: 'none', corsia: 'not_eligible', article6: 'not_authorised', correspondingAdjustment: 'not_applicable', rating: null, integrityDemoData: false }).where(eq(projectsTable.id, project.id));
    const before = await queryRows(t.deps, sql`select id, available_credits, next_serial, price_cents::text from projects order by id`);
    await seedCatalogue(t.deps.db);
    await seedCatalogue(t.deps.db);
    expect(await queryRows(t.deps, sql`select id, available_credits, next_serial, price_cents::text from projects order by id`)).toEqual(before);
    const [row] = await t.deps.db.select().from(projectsTable).where(eq(projectsTable.id, project.id));
    expect(row).toMatchObject({ ccpLabel: 'pending', corsia: 'first_phase', article6: 'authorised', correspondingAdjustment: 'applied', rating: 'BB', integrityDemoData: true });
    expect(await queryRows(t.deps, sql`select count(*)::int as n from projects`)).toEqual([{ n: 14 }]);
  });
});

describe('GET /api/projects/:id', () => {
  it('shows serial blocks issued, available and retired as the ledger holds them, and a satellite MRV report', async () => {
    const project = await findProject(t.app, 'Scottish Highlands Native Woodland');
    const { cookie } = await signUp(t.app);
    const first = await buyCredits(t.app, cookie, project, 10);
    const second = await buyCredits(t.app, cookie, project, 5);
    await retire(t.app, cookie, first.credit.id, { reason: 'r', quantity: 4 });
    await retire(t.app, cookie, second.credit.id, { reason: 'r' });
    const response = await getAs(t.app, `/api/projects/${project.id}`);
    expect(response.statusCode).toBe(200);
    const details = response.json() as ProjectDetails;
    const prefix = project.serialPrefix;
    const start = first.credit.serialStart;
    expect(details.project).toMatchObject({ id: project.id, integrity: project.integrity, availableCredits: project.availableCredits - 15 });
    expect(details.serials.issued).toEqual({ serialStart: 1, serialEnd: project.totalCredits, tonnes: project.totalCredits, label: `${prefix}-000001–00${project.totalCredits}` });
    expect(details.serials.available).toMatchObject({ serialStart: start + 15, serialEnd: project.totalCredits, tonnes: project.totalCredits - start - 14 });
    expect(details.serials.retired.map((block) => [block.serialStart, block.serialEnd])).toEqual([[start, start + 3], [start + 10, start + 14]]);
    const [sums] = await queryRows<{ retired: number; held: number }>(t.deps, sql`
      select coalesce(sum(quantity) filter (where status = 'retired'), 0)::int as retired, coalesce(sum(quantity) filter (where status <> 'retired'), 0)::int as held
      from holdings where project_id = ${project.id}`);
    expect({ retired: details.serials.retiredTonnes, held: details.serials.heldTonnes }).toEqual(sums);
    expect(details.mrv.acquisitionDate).toBe(new Date().toISOString().slice(0, 10));
    expect(isValidMrvHash(details.mrv.mrvHash)).toBe(true);
    expect(details.mrv.verificationReport).toContain(details.mrv.mrvHash);
    expect(details.mrv.imageUrl).toMatch(/^data:image\/svg\+xml/);
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    expect((await getAs(t.app, '/api/projects/99999')).json()).toEqual({ message: 'Project not found' });
    expect((await getAs(t.app, '/api/projects/99999')).statusCode).toBe(404);
    expect((await getAs(t.app, '/api/projects/abc')).statusCode).toBe(400);
  });
});
