/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';

/**
 * The migration dashboard (issue 32 item 5): an admin bulk-migrates 50 legacy customers and
 * watches the run to its end, then opens the record of one in error. Screenshots at 1280 and
 * 390 px in docs/screenshots/staff/migration-*.png.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

describe('the migration dashboard in Chromium', () => {
  it(
    'an admin bulk-migrates 50 legacy customers, watches it to the end and opens one in error',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'admin@pawfresh.com.au');
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Migration' })
        .click();
      await page.getByRole('heading', { name: 'Migration', level: 1 }).waitFor();
      const phase2 = page.getByRole('region', { name: 'Phase 2: low-engagement customers' });
      await phase2.getByText('Not migrated').waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/migration-desktop.png`, fullPage: true });

      await page.getByRole('button', { name: 'Bulk migrate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk migrate' });
      await dialog.getByLabel('Cohort').click();
      await page.getByRole('option', { name: 'Phase 2: low-engagement customers' }).click();
      const limit = dialog.getByLabel(/How many customers at most/);
      // A limit out of range says what to give, and nothing can start.
      await limit.fill('5001');
      await dialog.getByText('Enter a whole number from 1 to 5,000').waitFor();
      await limit.fill('50');
      await dialog.getByLabel(/^Reason/).fill('Phase 2, first wave of 50');
      await dialog.getByRole('note').filter({ hasText: 'migrate 50 customers' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/migration-start-desktop.png` });
      await dialog.getByRole('button', { name: 'Start the migration' }).click();

      // The run is followed until every customer has ended, as a person watches it.
      await dialog.getByText('Finished: 50 of 50 done').waitFor({ timeout: 150_000 });
      await dialog.getByText('nothing left').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL(/\/staff\/migration\?run=/);
      const runPage = page.url();

      const run = page.getByRole('region', { name: 'This run' });
      await run.getByText('Finished: 50 of 50 done').waitFor();
      const failedText = await run.getByText(/^\d+ failed$/).textContent();
      const failed = Number(failedText!.split(' ')[0]);
      const migratedText = await run.getByText(/^\d+ migrated$/).textContent();
      expect(Number(migratedText!.split(' ')[0]) + failed).toBe(50);
      // The cohort's counts moved with the run (the first run on a fresh legacy system).
      const countOf = (label: string) =>
        phase2
          .locator('dt', { hasText: new RegExp(`^● ${label}$`) })
          .locator('xpath=following-sibling::dd')
          .textContent();
      await expect.poll(() => countOf('Migrated')).toBe(migratedText!.split(' ')[0]);
      await expect.poll(() => countOf('In error')).toBe(String(failed));
      await page
        .getByRole('table', { name: 'Latest bulk runs' })
        .getByText('Bulk migrate')
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/migration-run-desktop.png`, fullPage: true });

      if (failed > 0) {
        const inError = run.getByRole('table', { name: 'Customers in error' });
        await expect.poll(() => inError.getByRole('row').count()).toBe(failed + 1);
        const first = inError.getByRole('row').nth(1);
        const email = (await first.getByRole('link').textContent())!;
        await first.getByRole('button', { name: `Retry ${email}` }).waitFor();
        await first.getByRole('link').click();
        await page.getByRole('heading', { name: 'Migration record', level: 1 }).waitFor();
        await page.getByText(`${email} · legacy id`).waitFor();
        await page.getByText('Why it could not be migrated').waitFor();
        await page.getByRole('button', { name: 'Retry' }).waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/migration-customer-desktop.png`, fullPage: true });
      }

      // The same run on a phone.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'admin@pawfresh.com.au');
      await phone.page.goto(runPage);
      await phone.page
        .getByRole('region', { name: 'This run' })
        .getByText('Finished: 50 of 50 done')
        .waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/migration-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'support sees this week’s numbers on the home page and follows the failed payment rate to its list',
    async () => {
      const now = new Date().toISOString();
      const stats = await fetch(
        `${baseUrl}/svc/subscription/subscriptions/stats?from=${now}&to=${now}`,
        { headers: { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` } },
      );
      expect(stats.status).toBe(200);
      const { active } = (await stats.json()) as { active: number };

      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      const numbers = page.getByRole('region', { name: 'This week' });
      // The number shown is the subscription service's own count.
      await numbers
        .getByRole('region', { name: 'Active subscriptions' })
        .getByText(active.toLocaleString('en-AU'), { exact: true })
        .waitFor();
      const rate = numbers.getByRole('region', { name: 'Failed payment rate this week' });
      await rate.getByText(/charges failed$/).waitFor();
      await numbers.getByRole('region', { name: 'Boxes this week' }).waitFor();
      await numbers.getByRole('region', { name: 'Cancellations, last 30 days' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/home-dashboard-desktop.png`, fullPage: true });
      await rate.getByRole('link', { name: 'Open the queue of failed charges' }).click();
      await page.getByRole('heading', { name: 'Failed payments', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/staff/payments/failed');

      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'staff@pawfresh.com.au');
      await phone.page
        .getByRole('region', { name: 'This week' })
        .getByRole('region', { name: 'Active subscriptions' })
        .waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/home-dashboard-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
