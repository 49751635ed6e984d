// Lighthouse (mobile preset) on the customer app as a phone would load it: the built app and
// server on a throwaway embedded database with the demo data, Debian's Chromium, and the scores
// and bytes on the wire for the sign-in page and the signed-in deliveries and account pages. A measurement, not a
// test: `npm run lighthouse` prints it; nothing here is timed in the test suites.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.js';
import { freePort, startBuiltServer } from './server.js';
import { signIn } from './session.js';

const server = await startBuiltServer();
const profile = await mkdtemp(path.join(tmpdir(), 'pawfresh-chromium-'));
const debugPort = await freePort();
let context: BrowserContext | undefined;
try {
  // The default context of a persistent profile is the one Lighthouse's tab opens in, so the
  // sign-in below carries over to the account page.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [`--remote-debugging-port=${debugPort}`, ...chromiumArgs],
  });

  const audit = async (pagePath: string, flags: Flags = {}) => {
    const result = await lighthouse(`${server.baseUrl}${pagePath}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...flags,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { categories, audits } = result.lhr;
    const items =
      (audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
        ?.items ?? [];
    const wire = (type: string) =>
      items
        .filter((r) => r.resourceType === type)
        .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      page: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      jsKiB: +(wire('Script') / 1024).toFixed(1),
      cssKiB: +(wire('Stylesheet') / 1024).toFixed(1),
    };
  };

  const rows = [await audit('/customer/login')];
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'demo@pawfresh.com.au', 'woofwoof1');
  // Signed in (the refresh cookie stays), but the files come over the wire again, as on a
  // phone's first visit to that page.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  for (const pagePath of ['/customer/deliveries', '/customer/account']) {
    // Each signed-in page as a first visit: nothing cached but the session cookie.
    const tab = await context.newPage();
    await (await context.newCDPSession(tab)).send('Network.clearBrowserCache');
    await tab.close();
    rows.push(await audit(pagePath, { disableStorageReset: true }));
  }
  console.table(rows);
} finally {
  await context?.close();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}
