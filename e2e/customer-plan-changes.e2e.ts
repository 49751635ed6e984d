/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';

import {
  expectNoAxeViolations,
  chromiumForFile,
  openPage,
  VIEWPORTS,
  JOURNEY_TIMEOUT,
} from './browser.js';
import { confirmSuccess, signIn, successNotice } from './session.js';
import { scenarioAccount, type Scenario } from './workflows.js';

/**
 * The customer's plan changes in Chromium on fresh scenario accounts (create-account-scenario,
 * docs/workflows.md "Test accounts"): serving size review then apply, cancel with reasons then
 * restart, pause then resume, add a card and make it the default, retry a failed payment, download
 * an invoice, order history. axe (WCAG 2.2 AA) at 390 and 1280 px.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

async function signedIn(scenario: Scenario, viewport?: { width: number; height: number }) {
  const account = await scenarioAccount(baseUrl, scenario);
  const opened = await openPage(browser(), viewport);
  await signIn(opened.page, baseUrl, account.email, account.password);
  return { ...opened, account };
}

/** Each journey first makes its account through a workflow: slower than a sign-in alone. */
describe('plan changes (scenario customers, Chromium)', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(
      `serving size: review (before and after), then apply (${name})`,
      async () => {
        const { page, errors, close } = await signedIn('payment-soon', viewport);
        await page.goto(`${baseUrl}/customer/dogs`);
        await page.getByRole('link', { name: 'Change portion for Biscuit' }).click();
        const select = page.getByRole('combobox', { name: 'New daily portion' });
        const current = await select.inputValue();
        const options = await select
          .locator('option')
          .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
        // One size up: the box holds more and costs more.
        await select.selectOption(options[options.indexOf(current) + 1]!);
        await page.getByRole('button', { name: 'Review the change' }).click();
        const table = page.getByRole('table', { name: 'Biscuit’s plan' });
        await table.waitFor();
        expect(await table.textContent()).toMatch(/Daily portion.*g a day.*g a day/);
        expect(await page.getByRole('heading', { name: 'Boxes that change' }).count()).toBe(1);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `docs/screenshots/serving-size-review-${name}.png`,
          fullPage: true,
        });

        await page.getByRole('button', { name: 'Confirm new portion' }).click();
        await confirmSuccess(page);
        expect(await successNotice(page).textContent()).toContain('Daily portion:');
        await page.waitForURL(/\/edit-serving-size\/result$/);
        await page.getByRole('heading', { name: 'Boxes changed' }).waitFor();
        await expectNoAxeViolations(page);
        expect(errors).toEqual([]);
        await close();
      },
      JOURNEY_TIMEOUT,
    );

    it(
      `cancel with reasons, then restart the plan (${name})`,
      async () => {
        const { page, errors, close } = await signedIn('payment-soon', viewport);
        await page.goto(`${baseUrl}/customer/account/cancel-plan`);
        const why = page.getByRole('radiogroup', { name: 'Why are you cancelling?' });
        await why.getByRole('radio').first().check();
        await page
          .getByLabel('Anything else you’d like to tell us?')
          .fill('Trying this out in a test');
        await expectNoAxeViolations(page);
        const cancelled = page.waitForResponse(
          (res) => /\/api\/v1\/subscriptions\/[^/]+\/cancel$/.test(res.url()) && res.ok(),
        );
        await page.getByRole('button', { name: 'Cancel my plan' }).click();
        const { arrivingOrders } = (await (await cancelled).json()) as {
          arrivingOrders: { message: string }[];
        };
        await confirmSuccess(page);
        const said = await successNotice(page).textContent();
        expect(said).toContain('Your plan is cancelled.');
        // Each box that still comes, with the server's reason in customer words.
        for (const box of arrivingOrders) expect(said).toContain(box.message);
        const plan = page.getByRole('region', { name: 'Your plan' });
        await plan.getByText('Cancelled: no more boxes will come.').waitFor();
        await expectNoAxeViolations(page);
        await plan.getByRole('button', { name: 'Restart my plan' }).click();
        await plan.getByText(/^Active: a box every/).waitFor();
        expect(errors).toEqual([]);
        await close();
      },
      JOURNEY_TIMEOUT,
    );
  }

  it(
    'pause until a date, then resume now',
    async () => {
      const { page, errors, close } = await signedIn('payment-soon');
      await page.goto(`${baseUrl}/customer/account`);
      const plan = page.getByRole('region', { name: 'Your plan' });
      await plan.getByRole('link', { name: 'Pause deliveries' }).click();
      const date = page.getByLabel('Restart deliveries on');
      const resumeAt = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
      await date.fill(resumeAt.split('-').reverse().join('/'));
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Pause deliveries' }).click();
      await confirmSuccess(page);
      expect(await successNotice(page).textContent()).toMatch(/Your deliveries are paused until/);
      await plan.getByText(/^Paused until/).waitFor();
      await plan.getByRole('button', { name: 'Resume deliveries now' }).click();
      await plan.getByText(/^Active: a box every/).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'adds a card, then makes the first one the default again',
    async () => {
      const { page, errors, close } = await signedIn('payment-soon', VIEWPORTS[0][1]);
      await page.goto(`${baseUrl}/customer/account`);
      const cards = page.getByRole('region', { name: 'Card on file' });
      await cards.getByRole('button', { name: 'Add a card' }).click();
      const cardNumber = cards.getByRole('textbox', { name: 'Card number' });
      // The form's file loads on the press: its fields come styled (Mantine's input CSS with it),
      // not as the browser's bare boxes.
      expect(await cardNumber.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
      await cardNumber.fill('5555 5555 5555 4444');
      await cards.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
      await expectNoAxeViolations(page);
      await cards.getByRole('button', { name: 'Save card' }).click();
      await confirmSuccess(page);
      expect(await successNotice(page).textContent()).toContain('Mastercard ending 4444');
      await cards.getByRole('button', { name: 'Use this card (Visa ending 4242)' }).click();
      await cards.getByRole('button', { name: 'Use this card (Mastercard ending 4444)' }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'retries a failed payment',
    async () => {
      const { page, errors, close } = await signedIn('payment-failed');
      const retry = page.getByRole('button', { name: /^Retry payment for the box of / });
      await retry.click();
      await confirmSuccess(page);
      await retry.waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'downloads the invoice of a delivered box (a PDF), and shows the order history',
    async () => {
      const { page, errors, close } = await signedIn('delivery-past', VIEWPORTS[1][1]);
      const button = page
        .getByRole('button', { name: /^Download invoice for the box of / })
        .first();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await readFile((await download.path())!);
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await page.goto(`${baseUrl}/customer/account/order-history`);
      await page.getByRole('heading', { name: 'Order history' }).waitFor();
      await page.getByText(/^Boxes 1–1 of 1$/).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
