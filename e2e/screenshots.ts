// Screenshots of the customer app's pages as the demo customer sees them, at desktop (1280) and
// phone (390) widths, in Debian's Chromium: `npx tsx e2e/screenshots.ts` after `npm run build`
// and `npm run build:server` (it starts the built server on a throwaway database), or against a
// running server with BASE=http://127.0.0.1:PORT. PAGES (comma-separated paths) and OUT (folder,
// default docs/screenshots) choose what and where.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.js';
import { startBuiltServer } from './server.js';
import { signIn } from './session.js';

const server = process.env.BASE ? null : await startBuiltServer();
const base = process.env.BASE ?? server!.baseUrl;
const pages = (process.env.PAGES ?? '/customer/deliveries').split(',');
const out = process.env.OUT ?? 'docs/screenshots';
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const viewports = [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const;
  for (const [name, viewport] of viewports) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`${name}: ${message.text()}`);
    });
    if (pages.includes('/customer/login')) {
      await page.goto(`${base}/customer/login`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/login-${name}.png`, fullPage: true });
    }
    await signIn(page, base, process.env.EMAIL ?? 'demo@pawfresh.com.au', 'woofwoof1');
    for (const path of pages.filter((p) => p !== '/customer/login')) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      const slug = path.replace(/^\/customer\//, '').replace(/[^a-z0-9]+/gi, '-');
      await page.screenshot({
        path: `${out}/${slug}-${name}.png`,
        fullPage: process.env.FULL !== '0',
      });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server?.stop();
}
