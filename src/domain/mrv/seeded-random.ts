/** A source of uniform numbers in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

/**
 * mulberry32: a tiny 32-bit PRNG with a full 2^32 period, good enough for simulated data (not for secrets).
 * The same seed always yields the same sequence.
 */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 32-bit FNV-1a hash of a text's UTF-16 code units; turns a seed text into a mulberry32 seed. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [min, max) drawn from `random`. */
export function uniform(random: RandomSource, min: number, max: number): number {
  return min + random() * (max - min);
}
