import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { holdings, projects } from '@/server/db/schema';
import { NotFoundError } from '@/domain/errors';
import { buildVerificationReport } from '@/domain/mrv/build-verification-report';
import { estimateCarbon } from '@/domain/mrv/estimate-carbon';
import { ecosystemRanges, type Ecosystem } from '@/domain/mrv/ecosystems';
import { generateSatelliteData } from '@/domain/mrv/generate-satellite-data';
import { SEED_PROJECTS } from '@/server/db/seed-projects';
import type { ProjectType } from '@/shared/constants';
import { cidV0FromSha256 } from '@/domain/mrv/mrv-hash';
import { mergeSerialRanges } from '@/domain/reports/merge-serial-ranges';
import { formatSerialRange, type SerialRange } from '@/domain/serials';
import { RETIRED_BLOCKS_SHOWN, type ProjectDetails } from '@/shared/schemas/project-details';
import { toProject } from './catalogue';

/** The project page: catalogue fields, serial blocks issued / available / retired, and today's satellite MRV report. */
export async function projectDetails(db: Database, projectId: number, now: Date): Promise<ProjectDetails> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!row) throw new NotFoundError('Project not found');
  const retiredRows = await db
    .select({ serialStart: holdings.serialStart, serialEnd: holdings.serialEnd })
    .from(holdings)
    .where(and(eq(holdings.projectId, projectId), eq(holdings.status, 'retired')))
    .orderBy(asc(holdings.serialStart));
  const block = (range: SerialRange, label: string) => ({
    ...range, label, tonnes: range.serialEnd - range.serialStart + 1,
  });
  const retired = mergeSerialRanges(retiredRows);
  const retiredTonnes = retiredRows.reduce((sum, range) => sum + range.serialEnd - range.serialStart + 1, 0);
  const soldTonnes = row.nextSerial - 1;
  return {
    project: toProject(row),
    serials: {
      issued: block({ serialStart: 1, serialEnd: row.totalIssued }, formatSerialRange(row.serialPrefix, 1, row.totalIssued)),
      available: row.nextSerial <= row.totalIssued
        ? block({ serialStart: row.nextSerial, serialEnd: row.totalIssued }, formatSerialRange(row.serialPrefix, row.nextSerial, row.totalIssued))
        : null,
      heldTonnes: soldTonnes - retiredTonnes,
      retiredTonnes,
      retired: retired.slice(0, RETIRED_BLOCKS_SHOWN).map((range) => block(range, formatSerialRange(row.serialPrefix, range.serialStart, range.serialEnd))),
      retiredBlockCount: retired.length,
    },
    mrv: latestMrvReport(row.latitude, row.longitude, projectEcosystem(row.slug, row.projectType as ProjectType), now),
  };
}

/** A project outside the demo catalogue is assumed to sit on the land its kind of project usually does. */
const ECOSYSTEM_OF_TYPE: Record<ProjectType, Ecosystem> = {
  reforestation: 'temperate_new_woodland',
  renewable_energy: 'dryland',
  solar_energy: 'desert',
  methane_capture: 'temperate_mosaic',
  energy_efficiency: 'cropland',
};

/** The catalogue project's land (seed-projects.ts), else the usual one for its type. */
export function projectEcosystem(slug: string, projectType: ProjectType): Ecosystem {
  return SEED_PROJECTS.find((seed) => seed.slug === slug)?.ecosystem ?? ECOSYSTEM_OF_TYPE[projectType];
}

/**
 * The simulated satellite report for the project's coordinates on today's UTC date (the same inputs give the same
 * report), with figures drawn from the ranges of the project's ecosystem rather than the demo's.
 */
export function latestMrvReport(latitude: number, longitude: number, ecosystem: Ecosystem, now: Date): ProjectDetails['mrv'] {
  const data = generateSatelliteData({ latitude, longitude, date: now }, undefined, ecosystemRanges(ecosystem));
  const estimate = estimateCarbon(data);
  const { imageUrl, ...measurements } = data;
  const mrvHash = cidV0FromSha256(createHash('sha256').update(JSON.stringify({ satelliteData: measurements, carbonEstimate: estimate })).digest());
  return {
    acquisitionDate: data.acquisitionDate,
    dataSource: data.dataSource,
    areaHa: data.area,
    forestCoverPercent: data.forestCover,
    cloudCover: data.cloudCover,
    confidence: data.confidence,
    totalCarbonTonnes: estimate.totalCarbon,
    annualChangeTonnes: estimate.carbonChange,
    uncertaintyPercent: estimate.uncertainty,
    verificationLevel: estimate.verificationLevel,
    methodology: estimate.methodology,
    mrvHash,
    imageUrl,
    verificationReport: buildVerificationReport(data, estimate, mrvHash),
  };
}
