import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { holdings, projects, transactions } from '@/server/db/schema';
import { buildProvenance, type LineageHolding } from '@/domain/certificates/build-provenance';
import { normaliseCertificateId } from '@/domain/certificates/certificate-id';
import { formatSerial, parseSerial } from '@/domain/serials';
import { STANDARD_LABELS, type Standard } from '@/shared/constants';
import type { Certificate, VerifyResponse } from '@/shared/schemas/certificate';
import { findCertificateRecord, toCertificateJson, type CertificateRecord } from './certificate-queries';

type HoldingRow = typeof holdings.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

const MAX_LINEAGE_DEPTH = 64;

const empty = (query: string, message: string): VerifyResponse => ({
  query, found: false, kind: null, message, serial: null, status: null, projectName: null, certificate: null,
  retiredBy: null, reason: null, retiredAt: null, provenance: [], digestValid: null, digestPresented: false,
});

/**
 * Public verification of a certificate id (`CERT-…`) or a serial number (`VCS-1094-2021-000017`):
 * whether those tonnes are retired, by whom and why, their provenance, and whether the certificate's
 * digest agrees with the ledger (and with a digest printed on a document, when one is presented).
 */
export async function verifyRetirement(db: Database, query: string, presentedDigest: string | undefined, baseUrl: string): Promise<VerifyResponse> {
  const certificateId = normaliseCertificateId(query);
  if (certificateId) {
    const record = await findCertificateRecord(db, certificateId);
    if (!record) return empty(query, 'Certificate not found');
    return describeHolding(db, { query, kind: 'certificate', serial: null, record, project: record.project, holding: record.holding, presentedDigest, baseUrl });
  }
  const parsed = parseSerial(query);
  if (!parsed) return empty(query, 'Enter a certificate ID (CERT-…) or a serial number such as VCS-1094-2021-000017');
  const [project] = await db.select().from(projects).where(sql`upper(${projects.serialPrefix}) = ${parsed.prefix}`);
  if (!project) return empty(query, `No project uses the serial prefix ${parsed.prefix}`);
  const serial = formatSerial(project.serialPrefix, parsed.serial);
  if (parsed.serial < 1 || parsed.serial > project.totalIssued) {
    return empty(query, `Serial ${serial} is outside the ${project.totalIssued} credits issued by ${project.name}`);
  }
  if (parsed.serial >= project.nextSerial) {
    return {
      ...empty(query, `Serial ${serial} has not been sold yet`),
      found: true, kind: 'serial', serial, status: 'unsold', projectName: project.name,
      provenance: toJsonEvents(buildProvenance({ project: provenanceProject(project), lineage: [], purchasedTonnes: new Map(), retirement: null })),
    };
  }
  const [holding] = await db
    .select()
    .from(holdings)
    .where(and(eq(holdings.projectId, project.id), lte(holdings.serialStart, parsed.serial), gte(holdings.serialEnd, parsed.serial)));
  if (!holding) return empty(query, `Serial ${serial} is not held by anyone: please report this to support`);
  const record = holding.certificateId ? await findCertificateRecord(db, holding.certificateId) : null;
  return describeHolding(db, { query, kind: 'serial', serial, record, project, holding, presentedDigest, baseUrl });
}

interface Subject {
  query: string;
  kind: 'certificate' | 'serial';
  serial: string | null;
  /** The certificate of the retired holding, if any. */
  record: CertificateRecord | null;
  project: ProjectRow;
  holding: HoldingRow | null;
  presentedDigest: string | undefined;
  baseUrl: string;
}

async function describeHolding(db: Database, subject: Subject): Promise<VerifyResponse> {
  const { holding, project, record } = subject;
  const certificate = record ? toCertificateJson(record, subject.baseUrl) : null;
  const lineage = holding ? await loadLineage(db, holding) : [];
  const purchasedTonnes = await loadPurchasedTonnes(db, lineage.map((row) => row.id));
  const provenance = buildProvenance({
    project: provenanceProject(project),
    lineage: lineage.map(toLineageHolding),
    purchasedTonnes,
    retirement: certificate ? { beneficiary: certificate.beneficiary, reason: certificate.reason } : null,
  });
  const presented = subject.presentedDigest?.trim().toLowerCase() || undefined;
  const digestValid = certificate ? certificate.verified && (presented === undefined || presented === certificate.digest) : null;
  const status = (holding?.status ?? 'retired') as VerifyResponse['status'];
  return {
    query: subject.query,
    found: true,
    kind: subject.kind,
    message: describeStatus(status, subject.serial, certificate),
    serial: subject.serial,
    status,
    projectName: project.name,
    certificate,
    retiredBy: certificate?.beneficiary ?? null,
    reason: certificate?.reason ?? holding?.retiredReason ?? null,
    retiredAt: certificate?.retirementDate ?? holding?.retiredAt?.toISOString() ?? null,
    provenance: toJsonEvents(provenance),
    digestValid,
    digestPresented: presented !== undefined,
  };
}

function describeStatus(status: VerifyResponse['status'], serial: string | null, certificate: Certificate | null): string {
  const subject = serial ? `Serial ${serial}` : 'These credits';
  if (status === 'retired') {
    const by = certificate?.retiredByOrganisation ? ` by ${certificate.retiredByOrganisation}` : '';
    return `${subject} ${serial ? 'is' : 'are'} permanently retired${by}${certificate?.beneficiary ? ` on behalf of ${certificate.beneficiary}` : ''}`;
  }
  if (status === 'active') return `${subject} ${serial ? 'is' : 'are'} held and not retired`;
  return `${subject} ${serial ? 'is' : 'are'} ${status} and not retired`;
}

/** The holding and its ancestors through parentHoldingId, oldest first; bounded so a bad link cannot loop. */
async function loadLineage(db: Database, leaf: HoldingRow): Promise<HoldingRow[]> {
  const lineage = [leaf];
  const seen = new Set([leaf.id]);
  let current = leaf;
  while (current.parentHoldingId !== null && lineage.length < MAX_LINEAGE_DEPTH && !seen.has(current.parentHoldingId)) {
    const [parent] = await db.select().from(holdings).where(eq(holdings.id, current.parentHoldingId));
    if (!parent) break;
    seen.add(parent.id);
    lineage.unshift(parent);
    current = parent;
  }
  return lineage;
}

async function loadPurchasedTonnes(db: Database, holdingIds: number[]): Promise<Map<number, number>> {
  if (holdingIds.length === 0) return new Map();
  const rows = await db
    .select({ holdingId: transactions.holdingId, quantity: transactions.quantity })
    .from(transactions)
    .where(and(eq(transactions.type, 'purchase'), inArray(transactions.holdingId, holdingIds)));
  return new Map(rows.filter((row) => row.holdingId !== null).map((row) => [row.holdingId!, row.quantity]));
}

function provenanceProject(project: ProjectRow) {
  return {
    createdAt: project.createdAt.toISOString(),
    totalIssued: project.totalIssued,
    standardLabel: STANDARD_LABELS[project.standard as Standard] ?? project.standard,
    vintageYear: project.vintageYear,
  };
}

function toLineageHolding(row: HoldingRow): LineageHolding {
  return {
    id: row.id,
    origin: row.origin,
    status: row.status,
    quantity: row.quantity,
    purchasePriceCents: row.purchasePriceCents,
    purchaseDate: row.purchaseDate.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    retiredReason: row.retiredReason,
  };
}

const toJsonEvents = (events: ReturnType<typeof buildProvenance>) =>
  events.map(({ event, date, quantityTonnes, detail }) => ({ event, date, quantity: quantityTonnes, detail }));
