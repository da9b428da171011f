import './index.css';

/** Longest wait for the first paint: past it the app starts anyway (a paint the browser holds back for long). */
const FIRST_PAINT_WAIT_MS = 500;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A prerendered page (the landing, the sign-in page) arrives with its markup: let the browser paint it before the
// app's script is evaluated and hydrates it, which would otherwise hold the first paint (measured: paint after
// DOMContentLoaded). The script is already downloading (modulepreload in the HTML); only its evaluation waits.
const prerendered = root.hasChildNodes();
(prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => import('./start-app'))
  .then(({ startApp }) => startApp(root, prerendered));

/**
 * Resolves once the browser reports the first contentful paint, i.e. once the frame is on screen (a frame's
 * rasterisation can end after the main thread has moved on, so the next task is too early), or at once in a
 * hidden tab, which paints nothing.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });
}
