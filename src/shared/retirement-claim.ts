// What a retirement is claimed for (issue #15): stated at retirement, frozen on the certificate and its digest.

export const CLAIM_PURPOSES = ['voluntary', 'corsia', 'article6_ndc', 'other_compliance'] as const;
export type ClaimPurpose = (typeof CLAIM_PURPOSES)[number];
export const CLAIM_PURPOSE_LABELS: Record<ClaimPurpose, string> = {
  voluntary: 'Voluntary',
  corsia: 'CORSIA',
  article6_ndc: 'Article 6 / NDC',
  other_compliance: 'Other compliance',
};

export interface RetirementClaim {
  purpose: ClaimPurpose;
  /** First and last day of the consumption or reporting period the retirement covers, `YYYY-MM-DD`, inclusive. */
  periodStart: string;
  periodEnd: string;
  /** ISO 3166-1 alpha-2 code of the jurisdiction the claim is made in. */
  country: string;
  /** ISO 3166-2 code of a subdivision of `country`, e.g. `DE-BY`; null when the claim is country-wide. */
  subdivision: string | null;
}

/** `Bavaria (DE-BY), Germany`-style text needs names; documents print the codes, which are unambiguous. */
export function jurisdictionText(claim: Pick<RetirementClaim, 'country' | 'subdivision'>): string {
  return claim.subdivision ?? claim.country;
}

export const periodText = (claim: Pick<RetirementClaim, 'periodStart' | 'periodEnd'>) => `${claim.periodStart} to ${claim.periodEnd}`;
