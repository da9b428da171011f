const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Random bytes for an id: 10 bytes = 80 bits, written as 16 base32 characters. */
export const CERTIFICATE_ID_RANDOM_BYTES = 10;

export const CERTIFICATE_ID_PATTERN = /^CERT-[A-Z2-7]{16}$/;

/**
 * `CERT-` and 16 RFC 4648 base32 characters from 80 random bits: not sequential and infeasible to guess,
 * so a certificate page is public without exposing the list of retirements. The bytes are passed in.
 */
export function formatCertificateId(randomBytes: Uint8Array): string {
  if (randomBytes.length !== CERTIFICATE_ID_RANDOM_BYTES) throw new RangeError(`need ${CERTIFICATE_ID_RANDOM_BYTES} random bytes`);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of randomBytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `CERT-${out}`;
}

/** Normalises user input (case, spaces) and says whether it has the shape of a certificate id. */
export function normaliseCertificateId(text: string): string | null {
  const candidate = text.trim().toUpperCase();
  return CERTIFICATE_ID_PATTERN.test(candidate) ? candidate : null;
}
