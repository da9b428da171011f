import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects } from '../db/schema';
import { formatCents } from '../../domain/money';
import type { Project } from '../../shared/schemas/project';
import type { MarketEvents } from './market-events';

type ProjectRow = typeof projects.$inferSelect;

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    projectType: row.projectType as Project['projectType'],
    standard: row.standard as Project['standard'],
    country: row.country,
    vintageYear: row.vintageYear,
    availableCredits: row.availableCredits,
    totalCredits: row.totalIssued,
    pricePerCredit: formatCents(row.priceCents),
    serialPrefix: row.serialPrefix,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * The catalogue is read on every page view and changes only on purchases, so it is served from memory as
 * ready-made JSON. Local writes drop it at once; the short TTL bounds staleness from other processes.
 */
export class Catalogue {
  private json: string | null = null;
  private loadedAtMs = 0;
  private loading: Promise<string> | null = null;

  constructor(private readonly db: Database, events: MarketEvents, private readonly ttlMs = 1000, private readonly nowMs = () => Date.now()) {
    events.subscribe((event) => {
      if (event.type === 'catalogue' || event.type === 'project') this.json = null;
    });
  }

  async listJson(): Promise<string> {
    if (this.json !== null && this.nowMs() - this.loadedAtMs < this.ttlMs) return this.json;
    this.loading ??= this.load().finally(() => { this.loading = null; });
    return this.loading;
  }

  async list(): Promise<Project[]> {
    return JSON.parse(await this.listJson()) as Project[];
  }

  private async load(): Promise<string> {
    const rows = await this.db.select().from(projects).orderBy(asc(projects.id));
    this.json = JSON.stringify(rows.map(toProject));
    this.loadedAtMs = this.nowMs();
    return this.json;
  }
}
