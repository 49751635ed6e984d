/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, chromiumForFile, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { confirmSuccess, signIn, successNotice } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Issue 28, item 5, in Chromium: the demo customer's delivered boxes (paid, with no payment event
 * of their own) give their tax invoice; a box's own delivery instructions come back when its
 * address editor opens again.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

describe('a box tells the truth (Chromium)', () => {
  it(
    'downloads the invoice of each of the demo customer’s delivered boxes',
    async () => {
      const { page, errors, close } = await openPage(browser(), { width: 1280, height: 900 });
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
      const { page, errors, close } = await openPage(browser());
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

  it(
    'the account address editor refuses an address the courier does not reach, then moves the boxes to come',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.goto(`${baseUrl}/customer/account`);
      await page.getByRole('link', { name: 'Edit address' }).click();
      const fill = async (a: {
        line1: string;
        suburb: string;
        state: string;
        postcode: string;
      }) => {
        await page.getByRole('textbox', { name: 'Address line 1' }).fill(a.line1);
        await page.getByRole('textbox', { name: 'Suburb' }).fill(a.suburb);
        await page.getByRole('textbox', { name: 'City' }).fill('');
        await page.getByRole('combobox', { name: 'State' }).selectOption(a.state);
        await page.getByRole('textbox', { name: 'Postcode' }).fill(a.postcode);
      };
      await fill({ line1: '1 Yulara Drive', suburb: 'Yulara', state: 'NT', postcode: '0872' });
      await page.getByRole('button', { name: 'Save address' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'We don’t deliver to Yulara NT 0872' })
        .waitFor();
      expect(page.url()).toMatch(/\/account\/edit\/address$/);

      await fill({ line1: '5 Smith Street', suburb: 'Fitzroy', state: 'VIC', postcode: '3065' });
      expect(await page.getByRole('radio', { name: /^My boxes to come/ }).isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save address' }).click();
      await confirmSuccess(page);
      const notice = successNotice(page);
      expect(await notice.textContent()).toMatch(
        /Your address on file is now 5 Smith Street, Fitzroy VIC 3065, and your boxes go there from your box of \w{3} \d+ \w+ on\./,
      );
      // The boxes say so too.
      await page.goto(`${baseUrl}/customer/deliveries`);
      await page
        .getByRole('region')
        .filter({ hasText: 'Your next box' })
        .getByText(/5 Smith Street/)
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
