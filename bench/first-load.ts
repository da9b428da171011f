// First load of the landing page in Chromium, cold (a fresh browser context, cache disabled): bytes over the wire
// (compressed bodies + headers, as Chrome's DevTools counts them) and Largest Contentful Paint.
// Targets (issue #18): landing ≤ 120 KiB transferred; LCP ≤ 400 ms on localhost for the landing and /signin. Needs
// `npx vite build` first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { APP_START_MARK } from '@/client/lib/app-start-mark';
import { startServer } from './support/harness';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const RUNS = 7;
const TARGET_BYTES = 120 * 1024;
const TARGET_LCP_MS = 400;

interface LoadSample {
  bytes: number;
  lcpMs: number;
  /** What the largest paint showed, e.g. `<p> "Trade, verify and retire…"`. */
  lcpElement: string;
  /** When the app's script began to run (main.tsx → startApp), on the same clock as LCP. */
  appStartMs: number | null;
  resources: { url: string; bytes: number; encoding: string }[];
}

async function loadOnce(browser: Browser, url: string): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { url: string; encoding: string }>();
  const resources: LoadSample['resources'] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    requests.set(event.requestId, { url: event.response.url, encoding: headers['content-encoding'] ?? headers['Content-Encoding'] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) resources.push({ ...request, bytes: event.encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const paint = await page.evaluate((appStartMark) => new Promise<{ lcpMs: number; lcpElement: string; appStartMs: number | null }>((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null; url: string };
      const element = entry.element ? `<${entry.element.tagName.toLowerCase()}> "${(entry.element.textContent ?? '').trim().slice(0, 32)}…"` : entry.url;
      resolve({ lcpMs: entry.startTime, lcpElement: element, appStartMs: performance.getEntriesByName(appStartMark)[0]?.startTime ?? null });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }), APP_START_MARK);
  await context.close();
  return { bytes: resources.reduce((sum, resource) => sum + resource.bytes, 0), ...paint, resources };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function measure(browser: Browser, baseUrl: string, route: string, bytesTarget: boolean): Promise<void> {
  await loadOnce(browser, baseUrl + route); // warm the server (and the OS file cache), not the browser
  const samples: LoadSample[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await loadOnce(browser, baseUrl + route));
  const bytes = median(samples.map((sample) => sample.bytes));
  const lcpMs = median(samples.map((sample) => sample.lcpMs));
  console.log(`${route}: ${kib(bytes)} transferred, LCP ${lcpMs.toFixed(0)} ms (median of ${RUNS} cold loads; LCP min ${Math.min(...samples.map((s) => s.lcpMs)).toFixed(0)}, max ${Math.max(...samples.map((s) => s.lcpMs)).toFixed(0)} ms)`);
  const bytesVerdict = bytesTarget ? `target ≤ ${kib(TARGET_BYTES)}: ${bytes <= TARGET_BYTES ? 'met' : 'MISSED'}; ` : '';
  console.log(`  ${bytesVerdict}target LCP ≤ ${TARGET_LCP_MS} ms: ${lcpMs <= TARGET_LCP_MS ? 'met' : 'MISSED'}`);
  // Independent of the machine's load: what the largest paint was, and whether it came before the app's script
  // ran (a prerendered page should never wait for it).
  const paintedFirst = samples.filter((sample) => sample.appStartMs !== null && sample.lcpMs < sample.appStartMs).length;
  console.log(`  LCP element ${samples[0].lcpElement}; painted before the app's script ran in ${paintedFirst} of ${RUNS} loads (app started at median ${median(samples.map((sample) => sample.appStartMs ?? NaN)).toFixed(0)} ms)`);
  for (const resource of samples[0].resources) {
    console.log(`  ${kib(resource.bytes).padStart(10)}  ${resource.encoding.padEnd(8)} ${new URL(resource.url).pathname}`);
  }
}

export async function run(): Promise<void> {
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/client/index.html'))) throw new Error('Build the client first: npx vite build');
  const server = await startServer('bench/support/bench-server.ts');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await measure(browser, server.baseUrl, '/', true);
    await measure(browser, server.baseUrl, '/signin', false);
  } finally {
    await browser.close();
    await server.stop();
  }
}
