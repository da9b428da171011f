// Viewport-only screenshots (the first screen), to look at what a phone shows first.
import { chromium } from 'playwright-core';
const [base, out, cookie, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, width, height] of [['phone', 375, 812], ['desktop', 1440, 900]]) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  if (cookie) { const [n, ...v] = cookie.split('='); await ctx.addCookies([{ name: n, value: v.join('='), url: base }]); }
  const page = await ctx.newPage();
  for (const p of paths) {
    const [url, action] = p.split('|');
    await page.goto(base + url, { waitUntil: 'networkidle' });
    if (action) { await page.getByRole('button', { name: action }).first().click(); await page.waitForTimeout(500); }
    const file = `${out}/first-${label}${(url + (action ? '-' + action : '')).replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file });
    console.log(file);
  }
  await ctx.close();
}
await browser.close();
