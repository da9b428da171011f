// Worker-thread entry of the chain thread. The server runs TypeScript through tsx; a worker thread does not inherit
// the loader reliably (vitest, plain node), so it registers tsx itself before loading the TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./chain-thread.ts');
