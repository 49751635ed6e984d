/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };

/** Signs in to the back office from its sign-in page, and waits for the first page. */
async function signInToStaff(page: Page, email: string) {
  await page.goto(`${baseUrl}/staff/sign-in`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('staffpass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}

/** A full page at 1280 px, from its top (the shell's header stays where a person sees it). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
}

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe('discounts and promotions in Chromium', () => {
  it(
    'marketing builds a hybrid discount, sees the rule refused by its field, previews the sample box’s price, saves it and gives it a promotion code',
    async () => {
      const name = `Half then 10% ${randomUUID().slice(0, 6)}`;
      const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, 'marketing@pawfresh.com.au');
      const nav = page.getByRole('navigation', { name: 'Back office' });
      // Marketing sees its pages only.
      await nav.getByRole('link', { name: 'Discounts' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Staff users' }).count()).toBe(0);
      await nav.getByRole('link', { name: 'Discounts' }).click();
      await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
      const list = page.getByRole('table', { name: 'Discounts' });
      await list.getByRole('row').filter({ hasText: 'First box 50% off' }).waitFor();
      // A filter is held in the URL.
      await page.getByLabel('Interval').selectOption('hybrid');
      await page.waitForURL(/interval=hybrid/);
      await list.getByRole('row').filter({ hasText: '50% off the first box, then 10%' }).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'discounts-list');

      // The builder: a hybrid discount with two schedules, neither recurring yet.
      await page.getByRole('link', { name: 'Build a discount' }).click();
      await page.getByRole('heading', { name: 'Build a discount' }).waitFor();
      await page.getByLabel(/^Name/).fill(name);
      await page.getByLabel(/^Category/).selectOption({ label: 'Acquisition' });
      await page.getByLabel(/^Interval/).selectOption('hybrid');
      const first = page.getByRole('group', { name: 'Schedule 1' });
      await first.getByLabel(/^Percent/).fill('50');
      await page.getByRole('button', { name: 'Add a schedule' }).click();
      const second = page.getByRole('group', { name: 'Schedule 2' });
      await expect.poll(() => second.getByLabel(/^Order position/).inputValue()).toBe('1');
      await second.getByLabel(/^Percent/).fill('150');
      await page.getByRole('button', { name: 'Preview the price' }).click();
      // The pricing service's words, each by what it is about.
      await page
        .getByRole('alert')
        .filter({ hasText: 'A hybrid discount must have exactly one schedule marked recurring' })
        .waitFor();
      await second
        .getByText(
          'schedules[1].applications[0].value must be a whole percent from 1 to 100 (50 means 50%)',
        )
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'discounts-builder-errors');

      // Fixed: the second schedule recurs at 10%; the preview prices the sample box.
      await second.getByLabel(/^Percent/).fill('10');
      await second.getByLabel(/^Recurring/).check();
      await page.getByRole('button', { name: 'Preview the price' }).click();
      const preview = page.getByRole('table', { name: "Preview of the sample box's price" });
      await preview.getByRole('row').filter({ hasText: 'Box 3' }).waitFor();
      const cells = async (box: string) =>
        (
          await preview.getByRole('row').filter({ hasText: box }).getByRole('cell').allInnerTexts()
        ).map((t) => Number(t.replace(/[^\d.]/g, '')));
      const [, before1, off1, price1] = await cells('Box 1');
      const [, before2, off2, price2] = await cells('Box 2');
      expect(before1).toBe(before2);
      expect(Math.abs(off1! - before1! / 2)).toBeLessThan(0.2);
      expect(Math.abs(off2! - before2! / 10)).toBeLessThan(0.2);
      expect(price1).toBeCloseTo(before1! - off1!, 2);
      expect(price2).toBeCloseTo(before2! - off2!, 2);
      expect(await page.getByRole('alert').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, 'discounts-builder-preview');

      // Saved with a reason; the discount's page shows its schedules.
      await page.getByRole('button', { name: 'Save discount' }).click();
      const save = page.getByRole('dialog');
      await save.getByLabel(/^Reason/).fill('Spring acquisition campaign');
      await save
        .getByRole('note')
        .filter({ hasText: `create the hybrid discount ${name}` })
        .waitFor();
      await save.getByRole('button', { name: 'Save discount' }).click();
      await save
        .getByRole('status')
        .filter({ hasText: `${name} is saved` })
        .waitFor();
      await save.getByRole('button', { name: 'Open the discount' }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'Yes: every box after too' }).waitFor();
      await page.getByText('Active', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'discounts-detail');

      // Disable it: what will change before, the state after.
      await page.getByRole('button', { name: 'Disable' }).click();
      const disable = page.getByRole('dialog');
      await disable.getByLabel(/^Reason/).fill('Paused until the mail-out');
      await disable
        .getByRole('note')
        .filter({ hasText: `stop ${name} applying` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/discounts-disable-desktop.png` });
      await disable.getByRole('button', { name: 'Disable discount' }).click();
      await disable
        .getByRole('status')
        .filter({ hasText: `${name} is disabled` })
        .waitFor();
      await disable.getByRole('button', { name: 'Done' }).click();
      await page.getByText('Disabled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Enable' }).click();
      const enable = page.getByRole('dialog');
      await enable.getByLabel(/^Reason/).fill('Mail-out sent');
      await enable.getByRole('button', { name: 'Enable discount' }).click();
      await enable
        .getByRole('status')
        .filter({ hasText: `${name} is enabled` })
        .waitFor();
      await enable.getByRole('button', { name: 'Done' }).click();

      // A promotion code for it, in Perth time.
      await nav.getByRole('link', { name: 'Promotions' }).click();
      await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Promotions' }).getByRole('row').nth(1).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'promotions-list');
      await page.getByRole('button', { name: 'New promotion' }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel(/^Code/).fill(code);
      await create.getByLabel(/^Discount/).selectOption({ label: name });
      await create.getByLabel(/^Most uses/).fill('100');
      await create.getByLabel(/^Time zone/).fill('Australia/Perth');
      await create.getByLabel(/^Works from/).fill('2026-01-01T09:00');
      await create.getByLabel(/^Reason/).fill('Spring mail-out');
      await create
        .getByRole('note')
        .filter({ hasText: `create the code ${code}` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/promotions-create-desktop.png` });
      await create.getByRole('button', { name: 'Create promotion' }).click();
      await create
        .getByRole('status')
        .filter({ hasText: `The code ${code} is saved` })
        .waitFor();
      await create.getByRole('button', { name: 'Open the promotion' }).click();
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();
      await page.getByText(/Works from 1 Jan 2026, 9:00\s?am/).waitFor();
      await page.getByText('Nobody has used this code yet.').waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'promotions-detail');

      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
