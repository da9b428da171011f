import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
export default defineConfig({ root: import.meta.dirname, plugins: [react(), tailwindcss()], build: { outDir: '/tmp/pool-preview-dist', emptyOutDir: true } });
