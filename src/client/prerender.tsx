// Build-time entry (scripts/prerender-plugin.ts loads it through Vite's SSR loader, never the browser): renders the
// pages a visitor who is not signed in lands on, so their first paint comes with the HTML instead of waiting for the
// main script. The browser then hydrates the same markup (main.tsx).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './App';
import { anonymousVisitor } from './lib/anonymous-visitor';
import { PRODUCT_NAME } from './hooks/use-document-title';
import { LANDING_PAGE_TITLE } from './pages/landing';
import { SIGN_IN_PAGE_TITLE } from './pages/sign-in';

export interface PrerenderedPage {
  /** The path the page is served at (only to visitors without a session, and without a query string). */
  path: string;
  /** Where the build writes it, under the client's output directory. */
  file: string;
  /** The browser tab's title, as useDocumentTitle sets it once the script runs. */
  title: string;
  /** The lazily loaded module the page needs to hydrate, preloaded beside the main script. */
  lazyModule?: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'prerendered/landing.html', title: `${LANDING_PAGE_TITLE} · ${PRODUCT_NAME}` },
  { path: '/signin', file: 'prerendered/signin.html', title: `${SIGN_IN_PAGE_TITLE} · ${PRODUCT_NAME}`, lazyModule: 'src/client/pages/sign-in.tsx' },
];

/** The markup of #root for `path`, as the browser's first render produces it for a visitor who is not signed in. */
export async function renderPage(path: string): Promise<string> {
  anonymousVisitor();
  // `prerender` (not renderToString) waits for the lazily loaded sign-in page instead of rendering its fallback.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path} ssrSearch="">
        <App />
      </Router>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
