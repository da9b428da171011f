import { z } from 'zod';

/** A six-digit authenticator code, or a recovery code (`xxxxx-xxxxx`); spaces are allowed and dropped. */
export const secondFactorCode = z
  .string({ error: 'Enter the code from your authenticator app' })
  .max(32, { error: 'The code is at most 32 characters' })
  .transform((code) => code.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{5}-[a-z2-7]{5})$/, { error: 'Enter the 6-digit code from your authenticator app, or a recovery code' }));

export const secondFactorBody = z.strictObject({ code: secondFactorCode });
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** The second step of signing in: the challenge the password step answered, and a code. */
export const loginSecondFactorBody = z.strictObject({
  challenge: z.string({ error: 'challenge is required' }).min(1, { error: 'challenge is required' }).max(100, { error: 'challenge must be at most 100 characters' }),
  code: secondFactorCode,
});
export type LoginSecondFactorBody = z.infer<typeof loginSecondFactorBody>;

/** The password step's answer for an account with two-factor sign-in: no session yet, a code is needed. */
export const secondFactorRequired = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequired>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** Enrolment: the secret for manual entry, the otpauth:// URI and its QR code (an SVG document). */
export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Shown once, when two-factor sign-in is turned on or the codes are replaced. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

export const accountSession = z.object({
  /** Not the session's token nor its stored digest: a name for it that cannot sign anyone in. */
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const sessionIdParam = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'Session id must be 22 characters of [A-Za-z0-9_-]' });
