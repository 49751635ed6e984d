/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, chromiumForFile, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { confirmSuccess, signIn } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Issue 28, item 7, in Chromium (an en-US browser, as headless Chromium is): dates typed and
 * shown day/month/year, the day list one Tab stop with the arrows inside, the /email-sent link
 * told apart by more than its colour (axe).
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

/** "24/12/2026" for a calendar date. */
const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

describe('customer words and keys (Chromium)', () => {
  it(
    'the restart date is typed and shown day/month/year',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.goto(`${baseUrl}/customer/account/pause-plan`);
      const date = page.getByRole('textbox', { name: 'Restart deliveries on' });
      // The suggested date (four weeks on) reads day first.
      expect(await date.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const resumeAt = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
      await date.fill(dayMonthYear(resumeAt));
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Pause deliveries' }).click();
      await confirmSuccess(page);
      const plan = page.getByRole('region', { name: 'Your plan' });
      await plan.getByText(/^Paused until/).waitFor();
      // Opened again, the field shows the saved date day first.
      await page.goto(`${baseUrl}/customer/account/pause-plan`);
      expect(await page.getByRole('textbox', { name: 'Restart deliveries on' }).inputValue()).toBe(
        dayMonthYear(resumeAt),
      );
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'the delivery day list is one Tab stop; the arrows move and choose inside it',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.getByRole('link', { name: 'Change date' }).first().click();
      const days = page.getByRole('radiogroup', { name: /Delivery day/ });
      const chosen = days.getByRole('radio', { checked: true });
      await chosen.focus();
      const before = await chosen.getAttribute('aria-label');
      await page.keyboard.press('ArrowRight');
      const now = days.getByRole('radio', { checked: true });
      expect(await now.getAttribute('aria-label')).not.toBe(before);
      expect(await now.evaluate((el) => el === document.activeElement)).toBe(true);
      // One Tab leaves the list of days.
      await page.keyboard.press('Tab');
      expect(
        await days.evaluate((group) => group.contains(document.activeElement)),
        'Tab stayed in the day list',
      ).toBe(false);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'the password recovery pages pass axe (their inline link is underlined)',
    async () => {
      const { page, errors, close } = await openPage(browser());
      for (const path of [
        '/customer/forgot-password',
        '/customer/email-sent?email=someone%40example.com.au',
        '/customer/confirm-forgot-password?email=someone%40example.com.au',
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a refused date is said in plain days where the customer is looking, with the focus on it (390 px)',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.getByRole('link', { name: 'Change date' }).first().click();
      const days = page.getByRole('radiogroup', { name: /Delivery day/ });
      await days.getByRole('radio', { checked: false }).first().click();
      // The server's refusal, as the customer API words it (the courier's days and cut-offs move
      // with the clock, so the answer is given here; its words are held by the service tests).
      const refusal =
        'Too late for a delivery on Wednesday 2 December: changes for it have closed. The next possible dates are Thursday 3 December, Friday 4 December or Tuesday 8 December.';
      await page.route('**/api/v1/orders/*/delivery-info', (route) =>
        route.fulfill({ status: 400, json: { error: refusal } }),
      );
      await page.getByRole('button', { name: /^Move to / }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Too late for a delivery on' });
      await alert.waitFor();
      expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await alert.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(await alert.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
