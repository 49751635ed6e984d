/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser.js';
import { confirmSuccess, signIn } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Issue 28, item 5, in Chromium: the demo customer's delivered boxes (paid, with no payment event
 * of their own) give their tax invoice; a box's own delivery instructions come back when its
 * address editor opens again.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const JOURNEY_TIMEOUT = 180_000;

describe('a box tells the truth (Chromium)', () => {
  it(
    'downloads the invoice of each of the demo customer’s delivered boxes',
    async () => {
      const { page, errors, close } = await openPage(browser, { width: 1280, height: 900 });
      await signIn(page, baseUrl, 'demo@pawfresh.com.au', 'woofwoof1');
      const buttons = page.getByRole('button', { name: /^Download invoice for the box of / });
      await buttons.first().waitFor();
      const count = await buttons.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          buttons.nth(i).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^pawfresh-tax-invoice-INV-\d+\.pdf$/);
        const file = await readFile((await download.path())!);
        expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      expect(await page.getByText('Sorry, something went wrong').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a box’s own delivery instructions are there when its address editor opens again',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser);
      await signIn(page, baseUrl, account.email, account.password);
      await page.getByRole('link', { name: 'Change address' }).first().click();
      const instructions = page.getByRole('textbox', { name: /^Delivery instructions/ });
      await instructions.fill('Ring twice, then leave it by the side gate');
      await page.getByRole('radio', { name: /^This box only/ }).click();
      await page.getByRole('button', { name: 'Save address' }).click();
      await confirmSuccess(page);
      await page.waitForURL(/\/customer\/deliveries$/);

      await page.getByRole('link', { name: 'Change address' }).first().click();
      await expect
        .poll(() => instructions.inputValue())
        .toBe('Ring twice, then leave it by the side gate');
      // And after a full load (nothing kept in the page).
      await page.reload();
      expect(await instructions.inputValue()).toBe('Ring twice, then leave it by the side gate');
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
