import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { projects } from './schema';
import { SEED_PROJECTS } from './seed-projects';

/** Inserts the demo catalogue; projects that exist already (by slug) are left as they are. */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(projects)
    .values(
      SEED_PROJECTS.map((project) => ({
        ...project,
        imageUrl: `/images/projects/${project.slug}.svg`,
        availableCredits: project.totalIssued,
      })),
    )
    .onConflictDoNothing({ target: projects.slug });
  await db.execute(sql`select 1`);
}
