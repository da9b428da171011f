import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Fonts and images are compressed formats already; text assets shrink to a quarter or less.
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map)$/;
// Below this size the headers of a compressed response outweigh what compression saves.
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every text file of the build, once, at
 * build time: @fastify/static (`preCompressed`) then serves the smallest one the browser accepts with no CPU per
 * request, which on-the-fly compression at these levels would cost.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'carbonledger-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(async (file) => {
        const source = await readFile(path.join(outDir, file));
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzipAsync(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(path.join(outDir, `${file}.br`), br), writeFile(path.join(outDir, `${file}.gz`), gz)]);
      }));
    },
  };
}
