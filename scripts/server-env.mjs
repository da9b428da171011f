// The environment the server process starts with: `npm start` and `npm run chain` (start.mjs), `npm run cluster`,
// bench/memory-books.ts and the Docker image (which repeats the value in its ENV). See README "Memory".

/**
 * Each time glibc's allocator frees a large block (a 16 MB scrypt buffer, the 9 MB of PGlite's WebAssembly file) it
 * raises its mmap threshold to that block's size and its trim threshold to twice that, so from then on blocks below
 * it come from the threads' arenas and an arena returns its free top to the system only past tens of megabytes.
 * With V8 compiling PGlite's WebAssembly in the background, those arenas then held 60-115 MB after start-up
 * (115-155 MB under order load), nearly all of it freed memory. Setting the mmap threshold, here to its default of
 * 128 KB, turns that adjustment off for both thresholds. glibc reads this only when a process starts, which is why
 * it is set for the server's process and not inside it; other C libraries ignore it.
 */
export const GLIBC_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** `env` plus the allocator settings above, unless it sets GLIBC_TUNABLES itself (then the operator's value wins). */
export function serverProcessEnv(env = process.env) {
  return env.GLIBC_TUNABLES === undefined ? { ...env, GLIBC_TUNABLES: GLIBC_MALLOC_TUNABLES } : { ...env };
}
