/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const require = createRequire(import.meta.url);

/** Debian's Chromium, never a downloaded browser (this machine has no internet). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and quiet on a machine with no internet (no background calls home). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** One Chromium for a test file: launched before its tests, closed after them. */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** The two widths every page is looked at: a phone and a laptop. */
export const VIEWPORTS = [
  ['mobile', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

/** A journey that first makes its account through a workflow: longer than a sign-in alone. */
export const JOURNEY_TIMEOUT = 180_000;

/** A page that records console errors and uncaught exceptions, so a test can insist on none. */
export async function openPage(browser: Browser, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport });
  // Shorter than a test's own limit, so a failure names the element it was waiting for.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Chromium logs every 4xx answer as a failed load; an API's 4xx is an answer the app handles
    // (no address yet, a wrong password), so answers are judged by status below instead.
    if (
      msg.type() === 'error' &&
      !/^Failed to load resource: .* status of 4\d\d/.test(msg.text())
    ) {
      errors.push(msg.text());
    }
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (res.status() >= 500) errors.push(`${res.status()} from ${url.pathname}`);
    if (res.status() === 404 && !url.pathname.startsWith('/api/')) {
      errors.push(`404 for ${url.pathname}`);
    }
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.2 A and AA rules) in the page and fails on any violation. */
export async function expectNoAxeViolations(page: Page) {
  // Let finite transitions end first (a notice fading in has low contrast half-way): axe judges
  // what the customer sees once the page is still. Endless ones (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number(a.effect?.getComputedTiming().endTime) !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
  expect(violations).toEqual([]);
}
