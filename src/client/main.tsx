import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A prerendered page (the landing, the sign-in page) arrives with its markup: let the browser paint it before the
// app's script is evaluated and hydrates it, which would otherwise hold the first paint (measured: paint after
// DOMContentLoaded). The script is already downloading (modulepreload in the HTML); only its evaluation waits.
const prerendered = root.hasChildNodes();
(prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => import('./start-app'))
  .then(({ startApp }) => startApp(root, prerendered));

/** Resolves after the next frame has been painted, or at once in a hidden tab (which paints no frames). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
