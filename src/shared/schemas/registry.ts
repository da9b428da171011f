import { z } from 'zod';
import { plainTextQuery } from './common';
import { integrityAttributes } from './integrity';
import { retirementClaimJson } from './retirement-claim';

export const REGISTRY_PAGE_SIZE = 20;
export const REGISTRY_MAX_PAGE_SIZE = 100;
/** The CSV download holds at most this many rows (newest first); a narrower search gets the rest. */
export const REGISTRY_CSV_MAX_ROWS = 50_000;

/** Search text: a certificate id, a serial number (`VCS-1094-2021-000017`), or part of a beneficiary or project name. */
const searchText = plainTextQuery('q', 200).optional();

export const registryQuery = z.object({
  q: searchText,
  projectId: z.coerce.number({ error: 'projectId must be a number' }).int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be at least 1' }).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1, { error: 'pageSize must be at least 1' })
    .max(REGISTRY_MAX_PAGE_SIZE, { error: `pageSize must be at most ${REGISTRY_MAX_PAGE_SIZE}` }).default(REGISTRY_PAGE_SIZE),
});
export const registryCsvQuery = registryQuery.pick({ q: true, projectId: true });
export type RegistryFilter = z.infer<typeof registryCsvQuery>;

/** One public retirement: what Verra's and Gold Standard's public retirement reports show, plus claim and labels. */
export const registryRetirement = z.object({
  certificateId: z.string(),
  retirementDate: z.string(),
  beneficiary: z.string(),
  /** The organisation that retired, as named at retirement; null for a person's organisation of one. */
  retiredByOrganisation: z.string().nullable(),
  projectId: z.number(),
  projectName: z.string(),
  standardLabel: z.string(),
  vintageYear: z.number(),
  quantity: z.number(),
  serialRange: z.string(),
  claim: retirementClaimJson.nullable(),
  integrity: integrityAttributes.nullable(),
  chainTxHash: z.string().nullable(),
  certificateUrl: z.string(),
});
export type RegistryRetirement = z.infer<typeof registryRetirement>;

export const registryPage = z.object({
  retirements: z.array(registryRetirement),
  page: z.number(),
  pageSize: z.number(),
  /** Retirements matching the search, over all pages. */
  total: z.number(),
});
export type RegistryPage = z.infer<typeof registryPage>;
