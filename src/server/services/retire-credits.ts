import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { projectIntegrity } from '@/server/db/integrity-columns';
import { certificates, holdings, organisationMembers, organisations, projects, transactions, users } from '@/server/db/schema';
import { CERTIFICATE_CONTENT_VERSION } from '@/domain/certificates/certificate-content';
import type { RetirementClaim } from '@/shared/retirement-claim';
import { CERTIFICATE_ID_RANDOM_BYTES, formatCertificateId } from '@/domain/certificates/certificate-id';
import { defaultBeneficiary, planRetirement } from '@/domain/certificates/plan-retirement';
import { retiringOrganisationName } from '@/domain/certificates/retiring-organisation';
import { ValidationError } from '@/domain/errors';
import { MAX_REASON_LENGTH } from '@/shared/constants';
import { MAX_BENEFICIARY_LENGTH } from '@/shared/schemas/certificate';
import { lockProject } from './trading/project-lock';
import { idempotentIn } from './idempotency/idempotent-writes';
import { recordWebhookEvents } from '@/server/db/record-webhook-events';
import type { IdempotencyTicket } from './idempotency/idempotency-ticket';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import type { AuditActor, AuditEntryInput } from '@/domain/audit/audit-chain';

type HoldingRow = typeof holdings.$inferSelect;

export interface RetireInput {
  userId: number;
  holdingId: number;
  reason: string;
  /** Whole tonnes; the whole holding when omitted. */
  quantity?: number;
  /** Shown on the certificate; defaults to the account's company name, else its first name. */
  beneficiary?: string;
  /** The retiring account's names, when the caller has them; otherwise they are read in the transaction. */
  account?: { companyName: string | null; firstName: string };
  /**
   * The caller's transaction already holds the project row FOR UPDATE (buy-and-retire, right after the purchase):
   * taking the trading lock as well could then wait on a trading batch that waits on that row.
   */
  projectLocked?: boolean;
  /** What the retirement is claimed for (already validated by the route's schema). */
  claim?: RetirementClaim;
  /** Who retires, for the audit log: the entry is appended last in the transaction (none without an actor). */
  actor?: AuditActor;
}

export interface RetireResult {
  certificateId: string;
  /** The retired holding row: the original when all of it was retired, else the part split off it. */
  retired: HoldingRow;
}

export const newCertificateId = () => formatCertificateId(randomBytes(CERTIFICATE_ID_RANDOM_BYTES));

/**
 * Retires tonnes of one holding inside the caller's transaction. The project's trading lock comes first, then the
 * holding row (SELECT … FOR UPDATE): the order every writer of a project's credits uses (project, accounts, lots),
 * so a retirement cannot deadlock with a trading batch, a swap or a purchase on PostgreSQL. Concurrent retirements of
 * the same holding run one after the other and all but the first find it retired (409). A partial retirement moves the lowest serials to a new
 * retired row (origin 'split', parentHoldingId = the original) and the original keeps the rest; the
 * certificate and the 'retirement' transaction row are written in the same transaction.
 */
export async function retireCreditsIn(tx: Transaction, input: RetireInput, now: Date, makeId = newCertificateId): Promise<RetireResult> {
  const reason = input.reason.trim();
  if (!reason || reason.length > MAX_REASON_LENGTH) throw new ValidationError('Please provide a retirement reason of at most 500 characters');
  if (!input.projectLocked) {
    // A holding never changes project, so this unlocked read names the right lock.
    const [target] = await tx.select({ projectId: holdings.projectId }).from(holdings).where(eq(holdings.id, input.holdingId));
    if (target) await lockProject(tx, target.projectId);
  }
  const [holding] = await tx.select().from(holdings).where(eq(holdings.id, input.holdingId)).for('update');
  const plan = planRetirement(holding, input.userId, input.quantity);
  const account = input.account ?? (await tx.select({ companyName: users.companyName, firstName: users.firstName }).from(users).where(eq(users.id, input.userId)))[0];
  const beneficiary = defaultBeneficiary(input.beneficiary, account).slice(0, MAX_BENEFICIARY_LENGTH);
  const certificateId = makeId();
  const retiredFields = { status: 'retired', retiredAt: now, retiredReason: reason, certificateId } as const;
  let retired: HoldingRow;
  if (plan.remaining) {
    await tx
      .update(holdings)
      .set({ quantity: holding.quantity - plan.quantityTonnes, ...plan.remaining })
      .where(eq(holdings.id, holding.id));
    [retired] = await tx
      .insert(holdings)
      .values({
        userId: holding.userId,
        projectId: holding.projectId,
        quantity: plan.quantityTonnes,
        ...plan.retired,
        purchasePriceCents: holding.purchasePriceCents,
        purchaseDate: holding.purchaseDate,
        origin: 'split',
        parentHoldingId: holding.id,
        createdAt: now,
        ...retiredFields,
      })
      .returning();
  } else {
    [retired] = await tx.update(holdings).set(retiredFields).where(eq(holdings.id, holding.id)).returning();
  }
  // The labels stay with the unit: the certificate freezes the project's attributes as they are at retirement.
  const [project] = await tx.select().from(projects).where(eq(projects.id, retired.projectId));
  await tx.insert(certificates).values({
    id: certificateId,
    retiredByOrganisation: await retiringOrganisationIn(tx, input.userId),
    contentVersion: CERTIFICATE_CONTENT_VERSION,
    ...claimColumns(input.claim),
    integrity: projectIntegrity(project),
    userId: input.userId,
    holdingId: retired.id,
    projectId: retired.projectId,
    beneficiary,
    reason,
    quantity: plan.quantityTonnes,
    ...plan.retired,
    retiredAt: now,
    createdAt: now,
  });
  await tx.insert(transactions).values({
    userId: input.userId,
    type: 'retirement',
    projectId: retired.projectId,
    holdingId: retired.id,
    quantity: plan.quantityTonnes,
    totalCents: 0n,
    certificateId,
    createdAt: now,
  });
  await recordWebhookEvents(tx, [{
    userId: input.userId,
    type: 'retirement.completed',
    data: { certificateId, creditId: retired.id, projectId: retired.projectId, quantity: plan.quantityTonnes, beneficiary, reason },
  }], now);
  const result = { certificateId, retired };
  if (input.actor) await appendAuditEntries(tx, [retirementAuditEntry(input.actor, result, beneficiary, reason)], now);
  return result;
}

/** The audit entry of a retirement: the retired lot, its certificate, tonnes, beneficiary and reason. */
export function retirementAuditEntry(actor: AuditActor, { certificateId, retired }: RetireResult, beneficiary: string, reason: string): AuditEntryInput {
  return {
    actor, action: 'credit.retired', targetType: 'holding', targetId: String(retired.id),
    after: { certificateId, projectId: retired.projectId, quantity: retired.quantity, serialStart: retired.serialStart, serialEnd: retired.serialEnd, beneficiary, reason },
  };
}

/** The name the certificate gives the retiring organisation, frozen now: a later rename leaves it as issued. */
async function retiringOrganisationIn(tx: Transaction, accountId: number): Promise<string | null> {
  const [organisation] = await tx
    .select({
      name: organisations.name,
      legalName: organisations.legalName,
      memberCount: tx.$count(organisationMembers, eq(organisationMembers.accountId, accountId)),
    })
    .from(organisations)
    .where(eq(organisations.accountId, accountId));
  return retiringOrganisationName(organisation);
}

function claimColumns(claim: RetirementClaim | undefined) {
  if (!claim) return {};
  return {
    claimPurpose: claim.purpose,
    claimPeriodStart: claim.periodStart,
    claimPeriodEnd: claim.periodEnd,
    claimCountry: claim.country,
    claimSubdivision: claim.subdivision,
  };
}

export function retireCredits(db: Database, input: RetireInput, now: Date, ticket?: IdempotencyTicket<RetireResult>): Promise<RetireResult> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket, now, () => retireCreditsIn(tx, input, now)));
}
