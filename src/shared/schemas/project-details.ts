import { z } from 'zod';
import { project } from './project';

export const serialBlock = z.object({ serialStart: z.number(), serialEnd: z.number(), label: z.string(), tonnes: z.number() });

/** GET /api/projects/{id}: the project page's data besides price history (GET /api/trading/price-history/{id}). */
export const projectDetails = z.object({
  project,
  serials: z.object({
    issued: serialBlock,
    /** The unsold serials, next to be sold; null when sold out. */
    available: serialBlock.nullable(),
    /** Sold and not retired: held by accounts, escrowed by orders or in a pool. */
    heldTonnes: z.number(),
    retiredTonnes: z.number(),
    /** Retired serials as merged blocks, lowest first; at most `RETIRED_BLOCKS_SHOWN` of them. */
    retired: z.array(serialBlock),
    retiredBlockCount: z.number(),
  }),
  /** The latest simulated satellite MRV report of the project's coordinates (today's UTC date). */
  mrv: z.object({
    acquisitionDate: z.string(),
    dataSource: z.string(),
    areaHa: z.number(),
    forestCoverPercent: z.number(),
    cloudCover: z.number(),
    confidence: z.number(),
    totalCarbonTonnes: z.number(),
    annualChangeTonnes: z.number(),
    uncertaintyPercent: z.number(),
    verificationLevel: z.string(),
    methodology: z.string(),
    mrvHash: z.string(),
    imageUrl: z.string(),
    verificationReport: z.string(),
  }),
});
export type ProjectDetails = z.infer<typeof projectDetails>;
export const RETIRED_BLOCKS_SHOWN = 50;
