// Entry of the embedded database's thread (EMBEDDED_DB_THREAD, started by pglite-remote.ts). The compiled server
// (dist/server) has the body compiled beside this file as pglite-thread.js; from the sources (tsx, vitest) the
// thread registers tsx itself, which a worker does not inherit, before loading the TypeScript body.
import { existsSync } from 'node:fs';

const compiledBody = new URL('./pglite-thread.js', import.meta.url);
if (existsSync(compiledBody)) {
  await import(compiledBody.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./pglite-thread.ts');
}
