import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** A year: the longest lifetime caches honour; hashed names make every new build a new URL. */
const HASHED_ASSET_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Unhashed public files (favicon, project images) may change in place, so caches check back after an hour. */
const PUBLIC_FILE_MAX_AGE_S = 60 * 60;
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * @fastify/static options for the built client. Vite names everything under `/assets/` after its content hash,
 * so those files are `immutable` for a year; the build writes `.br` and `.gz` beside each text file
 * (scripts/precompress-plugin.ts), which `preCompressed` sends to browsers that accept them.
 */
export function clientAssetOptions(clientDist: string): FastifyStaticOptions {
  return {
    root: clientDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours (setHeaders): the plugin's single maxAge cannot tell hashed from unhashed files.
    cacheControl: false,
    setHeaders: (response, filePath: string) => {
      const servedPath = filePath.replace(PRECOMPRESSED, '');
      const hashed = path.relative(clientDist, servedPath).startsWith(`assets${path.sep}`);
      response.setHeader('cache-control', hashed ? `public, max-age=${HASHED_ASSET_MAX_AGE_S}, immutable` : `public, max-age=${PUBLIC_FILE_MAX_AGE_S}`);
      // The same URL answers brotli, gzip or identity: shared caches must key on Accept-Encoding.
      response.setHeader('vary', 'Accept-Encoding');
    },
  };
}
