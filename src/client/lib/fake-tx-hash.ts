/**
 * A transaction hash for the processing dialog: '0x' and 64 hex digits. It is for show while the request
 * is prepared (SPEC.md §2); the real on-chain hash comes from the server with the certificate.
 */
export function fakeTxHash(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
