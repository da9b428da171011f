import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { projects } from './schema';
import { SEED_PROJECTS } from './seed-projects';
import { integrityColumns } from './integrity-columns';

/**
 * Inserts the demo catalogue. A project that exists already (by slug) keeps its ledger fields (availability,
 * serials, price) and only has its integrity attributes brought up to the seed's, so a database created before they
 * existed gets them at the next start, and running the seed again changes nothing.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(projects)
    .values(
      SEED_PROJECTS.map(({ integrity, ecosystem: _ecosystem, ...project }) => ({
        ...project,
        ...integrityColumns(integrity),
        imageUrl: `/images/projects/${project.slug}.svg`,
        availableCredits: project.totalIssued,
      })),
    )
    .onConflictDoUpdate({
      target: projects.slug,
      set: {
        ccpLabel: sql`excluded.ccp_label`,
        corsia: sql`excluded.corsia`,
        article6: sql`excluded.article6`,
        correspondingAdjustment: sql`excluded.corresponding_adjustment`,
        category: sql`excluded.category`,
        bufferPoolPercent: sql`excluded.buffer_pool_percent`,
        rating: sql`excluded.rating`,
        ratingOnWatch: sql`excluded.rating_on_watch`,
        integrityDemoData: sql`excluded.integrity_demo_data`,
      },
    });
  await db.execute(sql`select 1`);
}
