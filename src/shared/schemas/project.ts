import { z } from 'zod';
import { PROJECT_TYPES, STANDARDS } from '@/shared/constants';
import { moneyString } from './common';
import { integrityAttributes } from './integrity';

export const project = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  projectType: z.enum(PROJECT_TYPES),
  standard: z.enum(STANDARDS),
  country: z.string(),
  vintageYear: z.number(),
  availableCredits: z.number(),
  totalCredits: z.number(),
  pricePerCredit: moneyString,
  serialPrefix: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  integrity: integrityAttributes,
});
export type Project = z.infer<typeof project>;
