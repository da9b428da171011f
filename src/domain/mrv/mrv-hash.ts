/** Prefix and length of an IPFS CIDv0 (base58btc of a sha2-256 multihash), the form of an MRV data hash. */
export const MRV_HASH_PREFIX = 'Qm';
export const MRV_HASH_LENGTH = 46;

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Multihash header: function code 0x12 (sha2-256) and digest length 0x20 (32 bytes). */
const SHA256_MULTIHASH_HEADER = [0x12, 0x20];

/**
 * SPEC.md section 5: an MRV data hash is valid only if it starts with "Qm" and is exactly 46 characters.
 * The characters after the prefix are not checked, as the SPEC asks for no more.
 */
export function isValidMrvHash(hash: unknown): hash is string {
  return typeof hash === 'string' && hash.startsWith(MRV_HASH_PREFIX) && hash.length === MRV_HASH_LENGTH;
}

/**
 * Encodes a 32-byte SHA-256 digest as an IPFS CIDv0: base58btc of 0x12 0x20 followed by the digest, which is
 * always 46 characters starting with "Qm". (Real IPFS hashes a UnixFS wrapping of the content, so the value
 * differs from `ipfs add`; the form is the same.)
 */
export function cidV0FromSha256(digest: Uint8Array): string {
  if (digest.length !== 32) throw new Error(`A SHA-256 digest has 32 bytes, got ${digest.length}`);
  return base58Encode(Uint8Array.from([...SHA256_MULTIHASH_HEADER, ...digest]));
}

/** Bitcoin-alphabet base58 of `bytes`; each leading zero byte becomes a leading "1". */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros += 1;
  return '1'.repeat(leadingZeros) + text;
}
