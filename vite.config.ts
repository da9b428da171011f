import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './scripts/precompress-plugin';

// In development the Fastify server (port 5000) owns /api and the embedded chain's JSON-RPC at /rpc;
// Vite serves the client and forwards those paths so cookies stay first-party.
const API_TARGET = 'http://127.0.0.1:5000';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { outDir: 'dist/client', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/rpc': { target: API_TARGET },
    },
  },
});
