import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { holdings, projects } from '../db/schema';
import { NotFoundError } from '../../domain/errors';
import { buildVerificationReport } from '../../domain/mrv/build-verification-report';
import { estimateCarbon } from '../../domain/mrv/estimate-carbon';
import { generateSatelliteData } from '../../domain/mrv/generate-satellite-data';
import { cidV0FromSha256 } from '../../domain/mrv/mrv-hash';
import { mergeSerialRanges } from '../../domain/reports/merge-serial-ranges';
import { formatSerialRange, type SerialRange } from '../../domain/serials';
import { RETIRED_BLOCKS_SHOWN, type ProjectDetails } from '../../shared/schemas/project-details';
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
    mrv: latestMrvReport(row.latitude, row.longitude, now),
  };
}

/** The MRV demo's report for the project's coordinates on today's UTC date: the same inputs give the same report. */
function latestMrvReport(latitude: number, longitude: number, now: Date): ProjectDetails['mrv'] {
  const data = generateSatelliteData({ latitude, longitude, date: now });
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
