import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a prerendered page is still static HTML (and during its hydration, which must draw what the static HTML
 * drew), true once React runs it; true at once where the app draws the page itself. Controls that need the app (the
 * sign-in page's tabs and forms) stay disabled until then, so an early click or keystroke is not silently lost and a
 * form is not submitted natively, reloading the page without what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
