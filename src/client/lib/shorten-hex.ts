/** SPEC.md §9: an address is shown as its first 6 and last 4 characters, "0x12ab…cd34". */
export function shortenAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** A long hash for a one-line toast: first 10 and last 6 characters. */
export function shortenHash(hash: string): string {
  return hash.length <= 18 ? hash : `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}
