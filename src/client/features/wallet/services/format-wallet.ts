const WEI_PER_UNIT_OF_4TH_DECIMAL = 10n ** 14n;

/** `0x1234567890abcdef…` → `0x1234...cdef`: the first 6 and last 4 characters (SPEC.md §9). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Wei (18 decimals) → MATIC with 4 decimals, rounded half-up (SPEC.md §9): 1234550000000000000n → `"1.2346"`. */
export function formatBalance(wei: bigint): string {
  const tenThousandths = (wei + WEI_PER_UNIT_OF_4TH_DECIMAL / 2n) / WEI_PER_UNIT_OF_4TH_DECIMAL;
  return `${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`;
}
