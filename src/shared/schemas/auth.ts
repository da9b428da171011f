import { z } from 'zod';
import { moneyString, withoutControlCharacters } from './common';

export const registerBody = z.strictObject({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254, { error: 'E-mail must be at most 254 characters' }).superRefine(withoutControlCharacters('E-mail')),
  password: z
    .string({ error: 'password is required' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(200, { error: 'Password must be at most 200 characters' }),
  firstName: z.string({ error: 'First name is required' }).trim().min(1, { error: 'First name is required' }).max(100, { error: 'First name must be at most 100 characters' })
    .superRefine(withoutControlCharacters('First name')),
  companyName: z.string({ error: 'Company name must be text' }).trim().max(200, { error: 'Company name must be at most 200 characters' })
    .superRefine(withoutControlCharacters('Company name')).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email: z.string({ error: 'email is required' }).min(1, { error: 'email is required' }).max(254, { error: 'email must be at most 254 characters' })
    .superRefine(withoutControlCharacters('email')),
  password: z.string({ error: 'password is required' }).min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const user = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  companyName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  cashBalance: moneyString,
});
export type User = z.infer<typeof user>;
