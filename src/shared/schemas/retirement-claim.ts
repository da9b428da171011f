import { z } from 'zod';
import { isCountryCode, isSubdivisionOf } from '@/shared/jurisdictions';
import { CLAIM_PURPOSES } from '@/shared/retirement-claim';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day `YYYY-MM-DD` (2024-02-30 is refused) between the years 1990 and 2100. */
export const calendarDay = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((text) => {
      if (!DAY.test(text)) return false;
      const date = new Date(`${text}T00:00:00.000Z`);
      const year = Number(text.slice(0, 4));
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && year >= 1990 && year <= 2100;
    }, { error: `${field} must be a calendar date between 1990-01-01 and 2100-12-31 (YYYY-MM-DD)` });

/** The claim stated at retirement; codes are checked against the shipped ISO 3166 lists. */
export const retirementClaim = z
  .strictObject({
    purpose: z.enum(CLAIM_PURPOSES, { error: `purpose must be one of ${CLAIM_PURPOSES.join(', ')}` }),
    periodStart: calendarDay('periodStart'),
    periodEnd: calendarDay('periodEnd'),
    country: z
      .string({ error: 'country must be an ISO 3166-1 alpha-2 code' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, { error: 'country must be an ISO 3166-1 alpha-2 code such as DE' }),
    subdivision: z
      .string({ error: 'subdivision must be an ISO 3166-2 code' })
      .trim()
      .toUpperCase()
      .max(10, { error: 'subdivision must be an ISO 3166-2 code such as DE-BY' })
      .nullish()
      .transform((code) => code || null),
  })
  .check((context) => {
    const claim = context.value;
    if (claim.periodEnd < claim.periodStart) {
      context.issues.push({ code: 'custom', input: claim, path: ['periodEnd'], message: 'The reporting period must end on or after its start' });
    }
    if (claim.subdivision && !isSubdivisionOf(claim.subdivision, claim.country)) {
      context.issues.push({ code: 'custom', input: claim, path: ['subdivision'], message: `subdivision must be an ISO 3166-2 code of ${claim.country}, such as ${claim.country}-…` });
    }
  });
export type RetirementClaimInput = z.input<typeof retirementClaim>;

/** The claim as the API shows it: codes plus the purpose's label. */
export const retirementClaimJson = z.object({
  purpose: z.enum(CLAIM_PURPOSES),
  purposeLabel: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  country: z.string(),
  subdivision: z.string().nullable(),
});
