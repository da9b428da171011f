// Integrity attributes of a project and of every lot of it (issue #15): the labels registries and rating agencies
// attach to a unit, shared by client and server. Values of the demo catalogue are invented and flagged demoData.

export const CCP_LABELS = ['approved', 'pending', 'none'] as const;
export type CcpLabel = (typeof CCP_LABELS)[number];
export const CCP_LABEL_LABELS: Record<CcpLabel, string> = { approved: 'CCP approved', pending: 'CCP pending', none: 'No CCP label' };

export const CORSIA_STATUSES = ['first_phase', 'pilot_phase', 'not_eligible'] as const;
export type CorsiaStatus = (typeof CORSIA_STATUSES)[number];
export const CORSIA_LABELS: Record<CorsiaStatus, string> = {
  first_phase: 'CORSIA first phase',
  pilot_phase: 'CORSIA pilot phase',
  not_eligible: 'Not CORSIA eligible',
};

export const ARTICLE6_STATUSES = ['authorised', 'not_authorised'] as const;
export type Article6Status = (typeof ARTICLE6_STATUSES)[number];
export const ARTICLE6_LABELS: Record<Article6Status, string> = { authorised: 'Article 6 authorised', not_authorised: 'Not authorised (Article 6)' };

export const CORRESPONDING_ADJUSTMENTS = ['applied', 'pending', 'not_applicable'] as const;
export type CorrespondingAdjustment = (typeof CORRESPONDING_ADJUSTMENTS)[number];
export const CORRESPONDING_ADJUSTMENT_LABELS: Record<CorrespondingAdjustment, string> = {
  applied: 'Corresponding adjustment applied',
  pending: 'Corresponding adjustment pending',
  not_applicable: 'No corresponding adjustment',
};

export const CREDIT_CATEGORIES = ['removal', 'reduction'] as const;
export type CreditCategory = (typeof CREDIT_CATEGORIES)[number];
export const CREDIT_CATEGORY_LABELS: Record<CreditCategory, string> = { removal: 'Removal', reduction: 'Reduction' };

/** Best first: the order `minimum rating` filters compare by. */
export const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D'] as const;
export type Rating = (typeof RATINGS)[number];

/** True when `rating` is `minimum` or better; an unrated project meets no minimum. */
export function ratingAtLeast(rating: Rating | null, minimum: Rating): boolean {
  return rating !== null && RATINGS.indexOf(rating) <= RATINGS.indexOf(minimum);
}

export interface IntegrityAttributes {
  ccpLabel: CcpLabel;
  corsia: CorsiaStatus;
  article6: Article6Status;
  correspondingAdjustment: CorrespondingAdjustment;
  category: CreditCategory;
  /** Share of issued credits a nature-based project puts in the registry's buffer pool, percent; null otherwise. */
  bufferPoolPercent: number | null;
  rating: Rating | null;
  ratingOnWatch: boolean;
  /** The labels and rating are invented for the demo catalogue, and every screen says so. */
  demoData: boolean;
}

/** One line per attribute, for the project page and the documents that explain a label. */
export const INTEGRITY_EXPLANATIONS = {
  ccpLabel: 'ICVCM Core Carbon Principles: the methodology meets the integrity council’s threshold for high-quality credits.',
  corsia: 'Whether airlines may use these units for CORSIA offsetting, and in which compliance phase.',
  article6: 'Whether the host country has authorised these units for use under Article 6 of the Paris Agreement.',
  correspondingAdjustment: 'Whether the host country removes these tonnes from its own NDC accounts so they are not counted twice.',
  category: 'Removal: carbon taken out of the atmosphere. Reduction: emissions avoided or cut at the source.',
  bufferPoolPercent: 'Share of credits set aside in the registry’s buffer pool against reversal (fire, logging) for nature-based projects.',
  rating: 'Independent rating of the likelihood that a credit delivers one tonne, AAA (best) to D; “on watch” means under review.',
} as const;

/** The attributes on one line, as documents, exports and badges' tooltips print them. */
export function integritySummary(attributes: IntegrityAttributes): string {
  const parts = [
    CCP_LABEL_LABELS[attributes.ccpLabel],
    CORSIA_LABELS[attributes.corsia],
    `${ARTICLE6_LABELS[attributes.article6]}, ${CORRESPONDING_ADJUSTMENT_LABELS[attributes.correspondingAdjustment].toLowerCase()}`,
    CREDIT_CATEGORY_LABELS[attributes.category],
    attributes.bufferPoolPercent === null ? null : `buffer pool ${attributes.bufferPoolPercent}%`,
    attributes.rating === null ? 'unrated' : `rating ${attributes.rating}${attributes.ratingOnWatch ? ' (on watch)' : ''}`,
  ].filter((part): part is string => part !== null);
  return `${parts.join(' · ')}${attributes.demoData ? ' — demo data' : ''}`;
}
