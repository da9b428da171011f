import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { projectIntegrity } from '@/server/db/integrity-columns';
import { certificates, projects } from '@/server/db/schema';
import type { ReportPeriod, ReportRetirement } from '@/domain/reports/report-retirement';
import { formatSerialRange } from '@/domain/serials';
import { PROJECT_TYPE_LABELS, STANDARD_LABELS, type ProjectType, type Standard } from '@/shared/constants';
import { CLAIM_PURPOSE_LABELS } from '@/shared/retirement-claim';
import { certificateClaim } from '@/server/services/certificate-queries';

/** The first instant after the inclusive day `YYYY-MM-DD`. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);

/**
 * The user's retirements whose retirement time falls in the period (UTC days, inclusive), oldest first. Labels are the
 * ones frozen on each certificate; a version-1 certificate (issued before labels existed) reads its project's.
 */
export async function reportRetirements(db: Database, userId: number, period: ReportPeriod): Promise<ReportRetirement[]> {
  const rows = await db
    .select({ certificate: certificates, project: projects })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .where(and(
      eq(certificates.userId, userId),
      gte(certificates.retiredAt, new Date(`${period.from}T00:00:00.000Z`)),
      lt(certificates.retiredAt, dayAfter(period.to)),
    ))
    .orderBy(asc(certificates.retiredAt), asc(certificates.id));
  return rows.map(({ certificate, project }) => {
    const integrity = certificate.integrity ?? projectIntegrity(project);
    const claim = certificateClaim(certificate);
    return {
      certificateId: certificate.id,
      retiredAt: certificate.retiredAt.toISOString(),
      beneficiary: certificate.beneficiary,
      projectName: project.name,
      serialPrefix: project.serialPrefix,
      projectTypeLabel: PROJECT_TYPE_LABELS[project.projectType as ProjectType] ?? project.projectType,
      standardLabel: STANDARD_LABELS[project.standard as Standard] ?? project.standard,
      vintageYear: project.vintageYear,
      quantityTonnes: certificate.quantity,
      serialRange: formatSerialRange(project.serialPrefix, certificate.serialStart, certificate.serialEnd),
      chainTxHash: certificate.chainTxHash,
      purpose: claim?.purpose ?? null,
      purposeLabel: claim ? CLAIM_PURPOSE_LABELS[claim.purpose] : null,
      periodStart: claim?.periodStart ?? null,
      periodEnd: claim?.periodEnd ?? null,
      jurisdiction: claim ? claim.subdivision ?? claim.country : null,
      category: integrity.category,
      ccpLabel: integrity.ccpLabel,
      correspondingAdjustment: integrity.correspondingAdjustment,
      corsia: integrity.corsia,
    };
  });
}
