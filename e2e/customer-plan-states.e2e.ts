/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, chromiumForFile, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { confirmSuccess, signIn, successWords } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Issue 28, item 6, in Chromium: Deliveries, Dogs and Account agree. A paused plan is shown as
 * paused on Deliveries, with Resume; the dogs page shows the portion on the plan after a change.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

describe('Deliveries, Dogs and Account agree (Chromium)', () => {
  it(
    'a paused plan shows as paused on Deliveries, and resumes from there',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.goto(`${baseUrl}/customer/account/pause-plan`);
      const resumeAt = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
      await page
        .getByRole('textbox', { name: 'Restart deliveries on' })
        .fill(resumeAt.split('-').reverse().join('/'));
      await page.getByRole('button', { name: 'Pause deliveries' }).click();
      await confirmSuccess(page);

      await page.getByRole('link', { name: 'Deliveries' }).click();
      const plan = page.getByRole('region', { name: 'Your plan' });
      await plan.getByText(/^Paused until/).waitFor();
      expect(await page.getByRole('heading', { name: 'No boxes on the way' }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await plan.getByRole('button', { name: 'Resume deliveries now' }).click();
      await page.getByRole('region').filter({ hasText: 'Your next box' }).first().waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'after a portion change, the dogs page shows the plan’s new portion',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.goto(`${baseUrl}/customer/dogs`);
      await page.getByRole('link', { name: /^Change portion for / }).click();
      const select = page.getByRole('combobox', { name: 'New daily portion' });
      await select.waitFor();
      const options = await select.locator('option').evaluateAll((els) =>
        els.map((el) => ({
          value: (el as HTMLOptionElement).value,
          label: el.textContent ?? '',
        })),
      );
      const now = await select.inputValue();
      const bigger = options[options.findIndex((o) => o.value === now) + 1]!;
      await select.selectOption(bigger.value);
      await page.getByRole('button', { name: 'Review the change' }).click();
      await page.getByRole('button', { name: 'Confirm new portion' }).click();
      await confirmSuccess(page);
      await page.waitForURL(/\/edit-serving-size\/result$/);

      await page.goto(`${baseUrl}/customer/dogs`);
      const grams = /^(\d+) g a day/.exec(bigger.label)![1];
      await page
        .getByRole('article')
        .first()
        .getByText(new RegExp(`^${grams} g a day \\(`))
        .waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a dog added with its meals is fed: the dogs page shows its portion',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      await page.goto(`${baseUrl}/customer/dogs`);
      await page.getByRole('link', { name: 'Add a dog' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Pepper');
      await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('12.5');
      await page.getByRole('group', { name: /Meals/ }).getByRole('checkbox').first().check();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add dog' }).click();
      await confirmSuccess(page);
      expect(await successWords(page)).toContain(
        'Welcome, Pepper! Their meals are on your boxes to come.',
      );
      const pepper = page.getByRole('article', { name: 'Pepper' });
      await pepper.getByText(/^\d+ g a day \(/).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
