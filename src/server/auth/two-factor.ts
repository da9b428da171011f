import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { ConflictError, ValidationError } from '@/domain/errors';
import type { RecoveryCodesAnswer, TwoFactorSetup, TwoFactorStatus } from '@/shared/schemas/account-security';
import type { Database, Executor } from '@/server/db/client';
import { recoveryCodes, users } from '@/server/db/schema';
import type { SessionUser } from './sessions';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';

const twoFactorEntry = (actor: AuditActor, action: string, userId: number) => ({ actor, action, targetType: 'person', targetId: String(userId) });

/** Seals secrets at rest (the webhook secret box, passed in: auth/ sits under services/). */
export interface SecretSealer {
  seal(secret: string, userId: number, purpose: 'totp-secret'): string;
  open(stored: string, userId: number, purpose: 'totp-secret'): string;
}

const ISSUER = 'CarbonLedger';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock 30 s off still signs in (RFC 6238 §5.2 recommends at most one). */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const totpFor = (email: string, secretBase32: string) =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

// Recovery codes carry 50 random bits each: a fast digest is enough, as for API keys.
const digestCode = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('base64url');

/** `xxxxx-xxxxx` from an alphabet without 0/1/8/9 look-alikes (base32). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export async function twoFactorStatus(db: Database, user: SessionUser): Promise<TwoFactorStatus> {
  const [left] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return { enabled: user.totpEnabledAt !== null, enabledAt: user.totpEnabledAt?.toISOString() ?? null, recoveryCodesLeft: user.totpEnabledAt ? left.n : 0 };
}

/** A new secret to enrol, kept as pending until a code from it confirms it (a second setup replaces it). */
export async function startTwoFactorSetup(db: Database, sealer: SecretSealer, user: SessionUser): Promise<TwoFactorSetup> {
  if (user.totpEnabledAt) throw new ConflictError('Two-factor sign-in is already on: turn it off first to enrol another device');
  const secret = new Secret({ size: 20 }).base32;
  await db.update(users).set({ totpPendingSecret: sealer.seal(secret, user.id, 'totp-secret') }).where(eq(users.id, user.id));
  const otpauthUri = totpFor(user.email, secret).toString();
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUri, qrCodeSvg };
}

/** Confirms the pending secret with a code from it: two-factor sign-in is on, and ten recovery codes are shown once. */
export async function enableTwoFactor(
  db: Database, sealer: SecretSealer, user: SessionUser, code: string, now: Date, audit?: AuditActor,
): Promise<RecoveryCodesAnswer> {
  if (user.totpEnabledAt) throw new ConflictError('Two-factor sign-in is already on');
  if (!user.totpPendingSecret) throw new ConflictError('Start the set-up first: no authenticator is waiting to be confirmed');
  const secret = sealer.open(user.totpPendingSecret, user.id, 'totp-secret');
  const step = matchingStep(user.email, secret, code, now);
  if (step === null) throw new ValidationError(wrongCodeMessage);
  return db.transaction(async (tx) => {
    const enabled = await tx.update(users)
      .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpPendingSecret, user.totpPendingSecret!)))
      .returning({ id: users.id });
    if (enabled.length === 0) throw new ConflictError('Two-factor sign-in changed meanwhile: reload and try again');
    const codes = await replaceRecoveryCodes(tx, user.id, now);
    if (audit) await appendAuditEntries(tx, [twoFactorEntry(audit, 'two_factor.enabled', user.id)], now);
    return { recoveryCodes: codes };
  });
}

/** Turns two-factor sign-in off; it takes a current code (or a recovery code), so a borrowed session cannot. */
export async function disableTwoFactor(db: Database, sealer: SecretSealer, user: SessionUser, code: string, now: Date, audit?: AuditActor): Promise<void> {
  await requireSecondFactor(db, sealer, user, code, now);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    if (audit) await appendAuditEntries(tx, [twoFactorEntry(audit, 'two_factor.disabled', user.id)], now);
  });
}

/** New recovery codes (the old ones stop working), shown once; it takes a current code. */
export async function regenerateRecoveryCodes(
  db: Database, sealer: SecretSealer, user: SessionUser, code: string, now: Date, audit?: AuditActor,
): Promise<RecoveryCodesAnswer> {
  await requireSecondFactor(db, sealer, user, code, now);
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id, now);
    if (audit) await appendAuditEntries(tx, [twoFactorEntry(audit, 'two_factor.recovery_codes_regenerated', user.id)], now);
    return { recoveryCodes: codes };
  });
}

/**
 * Checks a second factor for an account that has one: a TOTP code of a step later than the last one accepted
 * (claimed atomically, so a code is good once even when two requests race with it), or an unused recovery code
 * (spent atomically). Throws ValidationError otherwise.
 */
export async function requireSecondFactor(db: Database, sealer: SecretSealer, user: SessionUser, code: string, now: Date): Promise<void> {
  if (!user.totpEnabledAt || !user.totpSecret) throw new ConflictError('Two-factor sign-in is off for this account');
  if (code.includes('-')) {
    const spent = await db.update(recoveryCodes).set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, digestCode(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (spent.length === 0) throw new ValidationError('That recovery code is not valid, or was already used');
    return;
  }
  const step = matchingStep(user.email, sealer.open(user.totpSecret, user.id, 'totp-secret'), code, now);
  if (step === null) throw new ValidationError(wrongCodeMessage);
  const claimed = await db.update(users).set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (claimed.length === 0) throw new ValidationError('That code was already used: wait for the next one');
}

const wrongCodeMessage = 'That code is not right: enter the current 6-digit code from your authenticator app (check that its clock is set automatically)';

/** The time step the code belongs to, within one step of now, or null. */
function matchingStep(email: string, secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(email, secretBase32).validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

async function replaceRecoveryCodes(db: Executor, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: digestCode(code), createdAt: now })));
  return codes;
}
