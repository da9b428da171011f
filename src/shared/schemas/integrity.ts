import { z } from 'zod';
import { ARTICLE6_STATUSES, CCP_LABELS, CORRESPONDING_ADJUSTMENTS, CORSIA_STATUSES, CREDIT_CATEGORIES, RATINGS } from '@/shared/integrity';

/** Integrity attributes as the API sends them on projects, holdings and certificates. */
export const integrityAttributes = z.object({
  ccpLabel: z.enum(CCP_LABELS),
  corsia: z.enum(CORSIA_STATUSES),
  article6: z.enum(ARTICLE6_STATUSES),
  correspondingAdjustment: z.enum(CORRESPONDING_ADJUSTMENTS),
  category: z.enum(CREDIT_CATEGORIES),
  bufferPoolPercent: z.number().nullable(),
  rating: z.enum(RATINGS).nullable(),
  ratingOnWatch: z.boolean(),
  demoData: z.boolean(),
});
