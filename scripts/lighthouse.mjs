// Lighthouse (mobile preset) on the customer app as a phone would load it: the built app and
// server on a throwaway embedded database with the demo data, Debian's Chromium, and the scores
// and bytes on the wire for the sign-in page and the signed-in account page. A measurement, not a
// test: `npm run lighthouse` prints it; nothing here is timed in the test suites.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url, seconds = 240) {
  for (let i = 0; i < seconds; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-lighthouse-'));
const profile = await mkdtemp(path.join(tmpdir(), 'pawfresh-chromium-'));
const port = await freePort();
const debugPort = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn('node', ['dist/server/main.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let context;
try {
  await waitFor(`${origin}/health`);
  // The default context of a persistent profile is the one Lighthouse's tab opens in, so the
  // sign-in below carries over to the account page.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${debugPort}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  const audit = async (pagePath, options = {}) => {
    const result = await lighthouse(`${origin}${pagePath}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...options,
    });
    const { categories, audits } = result.lhr;
    const items = audits['network-requests']?.details?.items ?? [];
    const wire = (type) =>
      items
        .filter((r) => r.resourceType === type)
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      page: pagePath,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      jsKiB: +(wire('Script') / 1024).toFixed(1),
      cssKiB: +(wire('Stylesheet') / 1024).toFixed(1),
    };
  };

  const rows = [await audit('/customer/login')];
  const page = await context.newPage();
  await page.goto(`${origin}/customer/login`);
  await page.getByLabel(/^Email/).fill('demo@pawfresh.com.au');
  await page.getByLabel(/^Password/).fill('woofwoof1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 });
  // Signed in (the refresh cookie stays), but the files come over the wire again, as on a
  // phone's first visit to that page.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  rows.push(await audit('/customer/account', { disableStorageReset: true }));
  console.table(rows);
} finally {
  await context?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
  await rm(profile, { recursive: true, force: true });
}
