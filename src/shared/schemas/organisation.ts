import { z } from 'zod';
import { withoutControlCharacters } from './common';

export const ORGANISATION_ROLES = ['owner', 'admin', 'trader', 'retirer', 'approver', 'viewer'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

const role = z.enum(ORGANISATION_ROLES, { error: `role must be one of ${ORGANISATION_ROLES.join(', ')}` });

const text = (field: string, max: number) => z.string({ error: `${field} must be text` }).trim().max(max, { error: `${field} must be at most ${max} characters` })
  .superRefine(withoutControlCharacters(field));

const name = text('name', 200).pipe(z.string().min(1, { error: 'name is required' }));
const country = z.string({ error: 'country must be text' }).trim().toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'country must be a two-letter ISO 3166 code, e.g. DE' });
// ISO 17442: 18 letters or digits and two check digits.
const lei = z.string({ error: 'lei must be text' }).trim().toUpperCase()
  .regex(/^[A-Z0-9]{18}\d{2}$/, { error: 'lei must be a 20-character Legal Entity Identifier (ISO 17442)' });

export const createOrganisationBody = z.strictObject({
  name,
  legalName: text('legalName', 200).optional(),
  country,
  lei: lei.optional(),
});
export type CreateOrganisationBody = z.infer<typeof createOrganisationBody>;

export const updateOrganisationBody = z.strictObject({
  name: name.optional(),
  legalName: text('legalName', 200).nullable().optional(),
  country: country.optional(),
  lei: lei.nullable().optional(),
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }).optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  message: 'Name at least one field to change: name, legalName, country, lei or requireTwoFactor',
});
export type UpdateOrganisationBody = z.infer<typeof updateOrganisationBody>;

export const organisation = z.object({
  id: z.number(),
  name: z.string(),
  legalName: z.string().nullable(),
  country: z.string().nullable(),
  lei: z.string().nullable(),
  requireTwoFactor: z.boolean(),
  personal: z.boolean(),
  /** The caller's role in it. */
  role: role,
  /** True for the organisation the caller is acting for. */
  active: z.boolean(),
});
export type Organisation = z.infer<typeof organisation>;

export const member = z.object({
  userId: z.number(),
  email: z.string(),
  firstName: z.string(),
  role,
  joinedAt: z.string(),
  /** The member's own daily spend limit in cents; null when the approval policy's applies. */
  dailySpendLimitCents: z.number().nullable(),
});
export type Member = z.infer<typeof member>;

export const changeRoleBody = z.strictObject({ role });

export const createInviteBody = z.strictObject({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254, { error: 'E-mail must be at most 254 characters' }),
  role,
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;

export const invite = z.object({
  id: z.number(),
  email: z.string(),
  role,
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof invite>;

/** The only time the link is shown: its token is stored as a digest. */
export const createdInvite = invite.extend({ token: z.string(), link: z.string() });
export type CreatedInvite = z.infer<typeof createdInvite>;

/** What the invited person sees before accepting. */
export const invitePreview = z.object({ organisationName: z.string(), email: z.string(), role, expiresAt: z.string() });
export type InvitePreview = z.infer<typeof invitePreview>;

export const inviteTokenParam = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This invite link is malformed' });
