import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

const ENTRY = '/src/client/prerender.tsx';
/** The app itself, imported by main.tsx once a prerendered page has painted: every document starts downloading it at once. */
const APP_MODULE = 'src/client/start-app.tsx';
/** The built shell's empty #root, where a page's markup goes. */
const ROOT = '<div id="root"></div>';
/** The stylesheet Vite links from the shell (everything the app styles with; Tailwind keeps only the classes used). */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
// Visitors of a prerendered page are known to be signed out (the server sends it only without a session cookie):
// the client does not ask who is signed in, so the shell's early request would be wasted.
const AUTH_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/;

/**
 * Writes the landing and sign-in pages as ready HTML beside the app shell (`index.html`), after the bundle is
 * written and before precompress-plugin compresses it (writeBundle runs before any closeBundle). They carry their
 * markup and the stylesheet inline, so the first paint needs nothing but the HTML; the app's script, preloaded,
 * only hydrates them (src/client/main.tsx). Rendered by src/client/prerender.tsx through Vite's SSR loader, so the
 * markup comes from the same components as the browser's. Every document, the shell too, preloads the app chunk.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'carbonledger-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const shellFile = path.join(outDir, 'index.html');
      const built = await readFile(shellFile, 'utf8');
      if (!built.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);
      const shell = built.replace('</head>', `${modulePreloads(bundle, root, [APP_MODULE])}</head>`);
      await writeFile(shellFile, shell);
      // Inlined into the prerendered pages: the first paint then waits for the HTML alone, not for a second request.
      const stylesheetFile = STYLESHEET.exec(built)?.[1];
      if (!stylesheetFile) throw new Error('prerender: index.html links no stylesheet');
      const stylesheet = await readFile(path.join(outDir, stylesheetFile), 'utf8');
      if (stylesheet.includes('</style')) throw new Error('prerender: the stylesheet cannot be inlined');
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        resolve: { alias: { '@': path.resolve(root, 'src') } },
      });
      try {
        const entry = await server.ssrLoadModule(ENTRY) as typeof import('@/client/prerender');
        for (const page of entry.PRERENDERED_PAGES) {
          const markup = await entry.renderPage(page.path);
          const html = built
            .replace(AUTH_PRELOAD, '')
            .replace(STYLESHEET, () => `<style>${stylesheet}</style>`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
            .replace('</head>', `${modulePreloads(bundle, root, page.lazyModule ? [APP_MODULE, page.lazyModule] : [APP_MODULE])}</head>`)
            .replace(ROOT, `<div id="root">${markup}</div>`);
          const file = path.join(outDir, page.file);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * `<link rel="modulepreload">` for lazily imported modules and what they import (not already in the entry), so the
 * browser downloads them with the HTML instead of one after another once the entry has run.
 */
function modulePreloads(bundle: OutputBundle, root: string, modules: readonly string[]): string {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || entryFiles.has(fileName)) return;
    files.add(fileName);
    const chunk = chunks.find((candidate) => candidate.fileName === fileName);
    chunk?.imports.forEach(visit);
  };
  for (const module of modules) {
    // A chunk that other chunks also import has no facade module: look for the module among its contents.
    const lazy = chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.includes(path.resolve(root, module)));
    if (!lazy) throw new Error(`prerender: no chunk for ${module}`);
    visit(lazy.fileName);
  }
  return [...files].map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n  `).join('');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
