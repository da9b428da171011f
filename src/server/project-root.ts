import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory holding package.json, found by walking up from this module: the same answer whether the server runs
 * from src/server (tsx, tests) or from the compiled bundle in dist/server, where every module shares one location.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
