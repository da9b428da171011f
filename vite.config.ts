import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './scripts/precompress-plugin';
import { prerenderPlugin } from './scripts/prerender-plugin';

// In development the Fastify server (port 5000) owns /api and the embedded chain's JSON-RPC at /rpc;
// Vite serves the client and forwards those paths so cookies stay first-party.
const API_TARGET = 'http://127.0.0.1:5000';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), prerenderPlugin(), precompressPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // One stylesheet for the whole app (it is small and every document links or inlines it): lazy chunks then never
  // fetch it again, which they would beside a prerendered page whose stylesheet is inline (scripts/prerender-plugin.ts).
  build: { outDir: 'dist/client', emptyOutDir: true, cssCodeSplit: false },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/rpc': { target: API_TARGET },
    },
  },
});
