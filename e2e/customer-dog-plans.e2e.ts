/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { expectNoAxeViolations, JOURNEY_TIMEOUT, chromiumForFile, openPage } from './browser.js';
import { confirmSuccess, signIn } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * A dog's plan from the dogs page (issue 28 items 4 and 6): a dog without a plan starts one and
 * its portion shows on /dogs; a new weight offers the recomputed portion (before and after),
 * applied through the serving-size review, and /dogs shows it. Chromium, axe (WCAG 2.2 AA).
 */
const baseUrl = inject('baseUrl');
const serviceToken = process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN;
const browser = chromiumForFile();

/** A dogs-service call with the server's service credentials. */
async function dogsService<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}/svc/dogs${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serviceToken}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signedIn() {
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  const opened = await openPage(browser(), { width: 390, height: 844 });
  await signIn(opened.page, baseUrl, account.email, account.password);
  return { ...opened, account };
}

const dogCard = (page: Page, name: string) => page.getByRole('article', { name });

describe('a dog’s plan from the dogs page (Chromium)', () => {
  it(
    'a dog without a plan starts one, and /dogs shows its portion',
    async () => {
      const { page, errors, close, account } = await signedIn();
      // A dog of the same household with no plan: as one added before plans were made.
      const { userId } = await dogsService<{ userId: string }>('GET', `/dogs/${account.dogId}`);
      await dogsService('POST', '/dogs', { userId, dog: { name: 'Pepper', weight: '12' } });

      await page.goto(`${baseUrl}/customer/dogs`);
      const pepper = dogCard(page, 'Pepper');
      await pepper.getByText('No plan yet').waitFor();
      await expectNoAxeViolations(page);
      await pepper.getByRole('link', { name: 'Start a plan for Pepper' }).click();
      await page.getByRole('heading', { name: 'Start Pepper’s plan' }).waitFor();
      const meals = page.getByRole('group', { name: 'Meals' });
      if ((await meals.getByRole('checkbox', { checked: true }).count()) === 0) {
        await meals.getByRole('checkbox').first().check();
      }
      const summary = page.getByRole('region', { name: 'Pepper’s plan' });
      await summary.getByText(/g a day/).waitFor();
      const portion = (await summary.getByText(/g a day/).textContent())!;
      expect(await summary.textContent()).toMatch(/\$[\d.,]+ a box \(\$[\d.,]+ a day\)/);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: 'docs/screenshots/start-plan-mobile.png', fullPage: true });

      await page.getByRole('button', { name: 'Start plan' }).click();
      await confirmSuccess(page);
      await page.waitForURL(/\/customer\/dogs$/);
      await dogCard(page, 'Pepper').getByText(portion).waitFor();
      await dogCard(page, 'Pepper')
        .getByRole('link', { name: 'Change portion for Pepper' })
        .waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a new weight offers the new portion, applied through the serving-size review',
    async () => {
      const { page, errors, close } = await signedIn();
      await page.goto(`${baseUrl}/customer/dogs`);
      await dogCard(page, 'Biscuit')
        .getByRole('link', { name: 'Edit profile for Biscuit' })
        .click();
      const weight = page.getByRole('textbox', { name: 'Weight (kg)' });
      const kilos = Number(await weight.inputValue());
      // Half as heavy again: an energy need that calls for another portion.
      await weight.fill(String(Math.round(kilos * 1.5 * 10) / 10));
      await page.getByRole('button', { name: 'Save profile' }).click();

      const offer = page.getByRole('region', { name: 'Biscuit’s profile is saved' });
      await offer.waitFor();
      const said = (await offer.textContent())!;
      const [, after, before] = /could be (\d+)\s+g instead of (\d+)\s+g/.exec(said)!;
      expect(Number(after)).toBeGreaterThan(Number(before));
      expect(said).toContain('plan has not changed');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: 'docs/screenshots/portion-offer-mobile.png', fullPage: true });
      // Nothing changed yet: /dogs would still say the portion from before.
      await offer.getByRole('link', { name: `Review ${after} g a day` }).click();
      const table = page.getByRole('table', { name: 'Biscuit’s plan' });
      await table.waitFor();
      expect(await table.textContent()).toContain(`${before} g a day${after} g a day`);
      await page.getByRole('button', { name: 'Confirm new portion' }).click();
      await confirmSuccess(page);
      await page.waitForURL(/\/edit-serving-size\/result$/);

      await page.goto(`${baseUrl}/customer/dogs`);
      await dogCard(page, 'Biscuit')
        .getByText(new RegExp(`^${after} g a day`))
        .waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
