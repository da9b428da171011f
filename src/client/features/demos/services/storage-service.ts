import { cidV0FromSha256 } from '@/domain/mrv/mrv-hash';
import type { DemoRuntime } from './demo-runtime';

/** An IPFS-like content store simulated in memory. */
export interface StorageService {
  /** Stores `content` after the upload delay and returns its MRV data hash (CIDv0 form: "Qm" + 44 base58). */
  upload(content: string): Promise<string>;
  /** The content stored under `hash`, or undefined. */
  retrieve(hash: string): string | undefined;
}

/**
 * The MRV data hash of a text: SHA-256 (Web Crypto, in browsers and Node 20) of its UTF-8 bytes, as a CIDv0.
 * Deterministic, so the same report always gets the same hash.
 */
export async function mrvHashOf(content: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return cidV0FromSha256(new Uint8Array(digest));
}

/** Creates an empty simulated store; nothing leaves the browser. */
export function createStorageService(runtime: DemoRuntime): StorageService {
  const contents = new Map<string, string>();
  return {
    async upload(content) {
      await runtime.sleep(runtime.delays.uploadMs);
      const hash = await mrvHashOf(content);
      contents.set(hash, content);
      return hash;
    },
    retrieve: (hash) => contents.get(hash),
  };
}
