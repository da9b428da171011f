import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { APP_START_MARK } from './lib/app-start-mark';
import { anonymousVisitor } from './lib/anonymous-visitor';

/** Mounts the app in #root: takes over a prerendered page's markup (src/client/prerender.tsx), else draws it. */
export function startApp(root: HTMLElement, prerendered: boolean): void {
  performance.mark(APP_START_MARK);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerendered) {
    anonymousVisitor();
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}
