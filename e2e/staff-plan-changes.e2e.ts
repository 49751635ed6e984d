/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { scenarioAccount } from './workflows.js';

/**
 * What a dog eats, changed from the back office (issue 31 item 5): one box's meals with the box's
 * price now and after before it runs, and a dog's portion through the review step, with
 * screenshots at 1280 and 390 px in docs/screenshots/staff/.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Box = { id: string; userId: string; orderNumber: number; totalCharge: number };
const service = { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` };

async function readBox(orderId: string): Promise<Box> {
  const res = await fetch(`${baseUrl}/svc/order/api/v1/orders/${orderId}`, { headers: service });
  if (!res.ok) throw new Error(`order ${orderId}: ${res.status}`);
  return (await res.json()) as Box;
}

/** A Mantine select's own input (not its hidden value). */
const VISIBLE_INPUT = 'input:not([type=hidden])';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

let box: Box;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  box = await readBox(account.orders[0]!.orderId);
}, JOURNEY_TIMEOUT);

describe('changing meals and a plan in Chromium', () => {
  it(
    'support changes one box’s meals seeing the price after, then a dog’s portion through its review',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/customers/${box.userId}/orders/${box.id}`);
      await page.getByRole('heading', { name: `Box #${box.orderNumber}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Change meals' }).click();

      const meals = page.getByRole('dialog', { name: 'Change a box’s meals' });
      const choice = meals.getByLabel(/^Meals/).and(page.locator(VISIBLE_INPUT));
      for (const n of [0, 1]) {
        await choice.click();
        await page.getByRole('option').nth(n).click();
      }
      const price = meals.getByRole('table', { name: 'The box’s price' });
      await price.waitFor();
      const charged = price.getByRole('row', { name: /To charge/ }).getByRole('cell');
      expect(await charged.nth(0).textContent()).toBe(dollars(box.totalCharge));
      const after = (await charged.nth(1).textContent())!;
      await meals.getByLabel(/^Reason/).fill('Allergic to chicken, on the phone');
      await meals
        .getByRole('note')
        .filter({ hasText: `charge ${after}` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/box-contents-preview-desktop.png` });
      await meals.getByRole('button', { name: `Change box #${box.orderNumber}’s meals` }).click();
      await meals
        .getByRole('status')
        .filter({ hasText: `costs ${after}` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/box-contents-done-desktop.png` });
      // What the preview said is what the box now costs.
      expect(dollars((await readBox(box.id)).totalCharge)).toBe(after);
      await meals.getByRole('button', { name: 'Done' }).click();
      await page
        .getByRole('table', { name: 'Who changed it' })
        .getByRole('row')
        .filter({ hasText: 'order.change-meals' })
        .waitFor();

      await page.goto(`${baseUrl}/staff/customers/${box.userId}`);
      await page
        .getByRole('button', { name: /^Change plan for / })
        .first()
        .click();
      const plan = page.getByRole('dialog', { name: /^Change .*’s plan$/ });
      await plan
        .getByLabel(/^Daily portion/)
        .and(page.locator(VISIBLE_INPUT))
        .click();
      await page.getByRole('option', { name: '400 g a day', exact: true }).click();
      const review = plan.getByRole('table', { name: 'Before and after' });
      await review.getByRole('row', { name: /This dog, per day/ }).waitFor();
      const perBox = review.getByRole('row', { name: /This dog, per box/ }).getByRole('cell');
      const newPerBox = (await perBox.nth(1).textContent())!;
      await plan.getByLabel(/^Reason/).fill('Vet asked for another portion');
      await plan
        .getByRole('note')
        .filter({ hasText: `${newPerBox} a box` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/plan-change-review-desktop.png` });
      await plan.getByRole('button', { name: 'Change the plan' }).click();
      await plan
        .getByRole('status')
        .filter({ hasText: `plan is now ${newPerBox} a box` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/plan-change-done-desktop.png` });
      await plan.getByRole('button', { name: 'Done' }).click();
      await page
        .getByRole('table', { name: 'Feeding plans' })
        .getByRole('cell', { name: '400 g (f0400)' })
        .waitFor();

      // The review on a phone.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'staff@pawfresh.com.au');
      await phone.page.goto(`${baseUrl}/staff/customers/${box.userId}`);
      await phone.page
        .getByRole('button', { name: /^Change plan for / })
        .first()
        .click();
      const small = phone.page.getByRole('dialog', { name: /^Change .*’s plan$/ });
      await small
        .getByLabel(/^Daily portion/)
        .and(phone.page.locator(VISIBLE_INPUT))
        .click();
      await phone.page.getByRole('option', { name: '300 g a day', exact: true }).click();
      await small.getByRole('table', { name: 'Before and after' }).waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/plan-change-review-mobile.png` });
      expect(phone.errors).toEqual([]);
      await phone.close();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
