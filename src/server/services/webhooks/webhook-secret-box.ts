import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED_PREFIX = 'enc:v1:';
const LEGACY_PREFIX = 'whsec_';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret this server cannot open: another key sealed it, or the text was changed. */
export class WebhookSecretUnreadableError extends Error {
  constructor() {
    super("The endpoint's signing secret cannot be decrypted with this server's WEBHOOK_SECRET_KEY");
  }
}

/** What a sealed secret is for: part of the additional data, so one kind of secret never opens as another. */
export type SealedSecretPurpose = 'webhook-endpoint-secret' | 'totp-secret';

/**
 * Secrets at rest (webhook signing secrets, two-factor TOTP secrets): AES-256-GCM under WEBHOOK_SECRET_KEY, stored as
 * `enc:v1:` + base64url(iv, tag, ciphertext). The purpose and the owner's id are the additional data, so a sealed
 * secret copied onto another account, or into another column, does not open. Webhook secrets written before
 * encryption (`whsec_…` in the clear) still open, until start-up seals them (sealStoredWebhookSecrets).
 */
export class WebhookSecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The webhook secret key must be 32 bytes');
  }

  seal(secret: string, userId: number, purpose: SealedSecretPurpose = 'webhook-endpoint-secret'): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(ownerOf(userId, purpose));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /** The secret in the clear; throws WebhookSecretUnreadableError when this key did not seal it for this owner. */
  open(stored: string, userId: number, purpose: SealedSecretPurpose = 'webhook-endpoint-secret'): string {
    if (purpose === 'webhook-endpoint-secret' && isLegacyWebhookSecret(stored)) return stored;
    if (!stored.startsWith(SEALED_PREFIX)) throw new WebhookSecretUnreadableError();
    const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (sealed.length <= IV_BYTES + TAG_BYTES) throw new WebhookSecretUnreadableError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES)).setAAD(ownerOf(userId, purpose));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new WebhookSecretUnreadableError();
    }
  }
}

/** A secret stored in the clear by a version before encryption at rest. */
export function isLegacyWebhookSecret(stored: string): boolean {
  return stored.startsWith(LEGACY_PREFIX);
}

const ownerOf = (userId: number, purpose: SealedSecretPurpose) => Buffer.from(`${purpose}:user:${userId}`, 'utf8');
