// Lighthouse on the built app and server on a throwaway embedded database with the demo data, in
// Debian's Chromium: the scores and bytes on the wire of the customer app as a phone would load it
// (mobile preset: the sign-in page, the sign-up funnel's first page, and the signed-in deliveries
// and account pages), and of the back office as a desk would (desktop preset: the search page and
// a customer's page, signed in as support). A measurement, not a test: `npm run lighthouse` prints
// it; nothing here is timed in the test suites.
// LIGHTHOUSE_RUNS=3 audits each page three times and prints the median run of each (by score);
// LIGHTHOUSE_REPORTS=<folder> writes every run's full report there as JSON.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.js';
import { freePort, startBuiltServer } from './server.js';
import { signIn } from './session.js';
import { signInToStaff } from './staff-session.js';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const reportDir = process.env.LIGHTHOUSE_REPORTS;
if (reportDir) await mkdir(reportDir, { recursive: true });

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

  const audit = async (pagePath: string, run: number, flags: Flags = {}, config?: Config) => {
    const result = await lighthouse(
      `${server.baseUrl}${pagePath}`,
      {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...flags,
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { categories, audits } = result.lhr;
    if (reportDir) {
      const name = `${pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${run + 1}.json`;
      await writeFile(path.join(reportDir, name), JSON.stringify(result.lhr));
    }
    const lcpElement = (
      audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { nodeLabel?: string } }[] }[] } | undefined
    )?.items?.[0]?.items?.[0]?.node?.nodeLabel;
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
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: +(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      jsKiB: +(wire('Script') / 1024).toFixed(1),
      cssKiB: +(wire('Stylesheet') / 1024).toFixed(1),
      lcpElement: (lcpElement ?? '').slice(0, 40),
    };
  };
  type Row = Awaited<ReturnType<typeof audit>>;

  const results = new Map<string, Row[]>();
  const record = (row: Row) => results.set(row.page, [...(results.get(row.page) ?? []), row]);
  for (let run = 0; run < runs; run += 1) {
    // Signed out: the sign-in page as a visitor's first visit.
    await context.clearCookies();
    record(await audit('/customer/login', run));
    // A visitor's first page of the sign-up funnel (issue 33).
    record(await audit('/customer/start', run));
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
      record(await audit(pagePath, run, { disableStorageReset: true }));
    }

    // The back office at a desk (desktop preset): support signed in, the search page and the demo
    // customer's page, each as a first visit but for the session cookie.
    const desk = await context.newPage();
    await signInToStaff(desk, server.baseUrl, 'staff@pawfresh.com.au');
    await desk.keyboard.press('Control+K');
    const search = desk.getByRole('dialog', { name: 'Search' });
    await search.getByRole('textbox').fill('demo@pawfresh.com.au');
    await search.getByRole('listitem').first().getByRole('button').click();
    await desk.waitForURL(/\/staff\/customers\/[0-9a-f-]{36}$/);
    const customerPage = new URL(desk.url()).pathname;
    await desk.close();
    for (const pagePath of ['/staff/', customerPage]) {
      const tab = await context.newPage();
      await (await context.newCDPSession(tab)).send('Network.clearBrowserCache');
      await tab.close();
      record(await audit(pagePath, run, { disableStorageReset: true }, desktopConfig));
    }
  }
  // The median run of each page by performance score (the run itself, so its figures agree).
  const median = (rows: Row[]) =>
    [...rows].sort((a, b) => a.performance - b.performance)[Math.floor(rows.length / 2)];
  console.table([...results.values()].map((rows) => median(rows)));
  if (runs > 1) {
    console.log('Performance scores of every run:');
    for (const [pagePath, rows] of results) {
      console.log(`  ${pagePath}: ${rows.map((row) => row.performance).join(', ')}`);
    }
  }
} finally {
  await context?.close();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}
