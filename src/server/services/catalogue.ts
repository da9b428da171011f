import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { projectIntegrity } from '@/server/db/integrity-columns';
import { projects } from '@/server/db/schema';
import { formatCents } from '@/domain/money';
import type { IntegrityAttributes } from '@/shared/integrity';
import type { Project } from '@/shared/schemas/project';
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
    integrity: projectIntegrity(row),
  };
}

/** The catalogue's JSON in each encoding a client may accept, compressed once per change rather than per request. */
export interface CatalogueBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The catalogue is read on every page view and changes only on purchases, so it is served from memory as
 * ready-made JSON bytes, also pre-compressed: nothing is serialised, encoded or compressed per request, and a browser
 * receives about a third of the bytes. Local writes drop it at once; the short TTL bounds staleness from other
 * processes.
 */
export class Catalogue {
  private body: CatalogueBody | null = null;
  private loadedAtMs = 0;
  private loading: Promise<CatalogueBody> | null = null;
  /** Kept across invalidations: purchases change availability, never a project's labels (only the seed does). */
  private integrityById = new Map<number, IntegrityAttributes>();

  constructor(private readonly db: Database, events: MarketEvents, private readonly ttlMs = 1000, private readonly nowMs = () => Date.now()) {
    events.subscribe((event) => {
      if (event.type === 'catalogue' || event.type === 'project') this.body = null;
    });
  }

  /** The cached body while it is fresh, synchronously (the hot path), else null. */
  freshBody(): CatalogueBody | null {
    return this.body !== null && this.nowMs() - this.loadedAtMs < this.ttlMs ? this.body : null;
  }

  async listBody(): Promise<CatalogueBody> {
    const fresh = this.freshBody();
    if (fresh) return fresh;
    this.loading ??= this.load().finally(() => { this.loading = null; });
    return this.loading;
  }

  /** The integrity attributes every lot of the project carries, for answers that show a holding without a join. */
  async integrityOf(projectId: number): Promise<IntegrityAttributes | null> {
    if (!this.integrityById.has(projectId)) await this.listBody();
    return this.integrityById.get(projectId) ?? null;
  }

  private async load(): Promise<CatalogueBody> {
    const rows = await this.db.select().from(projects).orderBy(asc(projects.id));
    const list = rows.map(toProject);
    this.integrityById = new Map(list.map((project) => [project.id, project.integrity]));
    const identity = Buffer.from(JSON.stringify(list));
    // Unchanged since the last load (the TTL expired, nothing was bought): keep the compressed forms.
    const previous = this.body;
    this.body = previous?.identity.equals(identity) ? previous : {
      identity,
      gzip: gzipSync(identity),
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
    this.loadedAtMs = this.nowMs();
    return this.body;
  }
}
