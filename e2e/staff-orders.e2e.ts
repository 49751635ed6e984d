/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Retrying failed payments from the back office (one from the queue in bulk, one from the
 * customer's box) and the box's own page (issue 31 items 5 and 6), with screenshots at 1280 and
 * 390 px in docs/screenshots/staff/.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Box = { id: string; userId: string; orderNumber: number; paymentStatus: string };

async function readBox(orderId: string): Promise<Box> {
  const res = await fetch(`${baseUrl}/svc/order/api/v1/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` },
  });
  if (!res.ok) throw new Error(`order ${orderId}: ${res.status}`);
  return (await res.json()) as Box;
}

/** A new customer whose box's payment failed today (their Visa on file now charges). */
async function failedBox(): Promise<Box> {
  const account = await scenarioAccount(baseUrl, 'payment-failed');
  const boxes = await Promise.all(account.orders.map((o) => readBox(o.orderId)));
  const box = boxes.find((b) => b.paymentStatus === 'attempt_failed');
  expect(box).toBeDefined();
  return box!;
}

let queued: Box;
let onPage: Box;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  queued = await failedBox();
  onPage = await failedBox();
}, JOURNEY_TIMEOUT);

describe('retrying failed payments and a box’s page in Chromium', () => {
  it(
    'support chooses a box in the failed payments queue, retries it, and sees it charged',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/payments/failed`);
      const queue = page.getByRole('table', { name: 'Failed payments' });
      const row = queue.getByRole('row').filter({ hasText: `#${queued.orderNumber}` });
      await row.waitFor();
      await row.getByRole('checkbox', { name: `Choose box #${queued.orderNumber}` }).check();
      const retry = page.getByRole('button', { name: 'Retry 1 selected' });
      await retry.waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/failed-payments-bulk-desktop.png`, fullPage: true });
      await retry.click();

      const dialog = page.getByRole('dialog', { name: 'Retry 1 failed payments' });
      await dialog.getByLabel(/^Reason/).fill('Card provider outage is over');
      await dialog.getByRole('note').filter({ hasText: 'each box at most once' }).waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Retry 1 payments' }).click();
      // It follows the run until every box has its outcome.
      await dialog.getByText('Finished: 1 of 1 done').waitFor({ timeout: 60_000 });
      await dialog.getByText('1 charged').waitFor();
      await dialog.getByText('0 left').waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/failed-payments-bulk-done-desktop.png` });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect
        .poll(async () => (await readBox(queued.id)).paymentStatus, { timeout: 20_000 })
        .toBe('processed');
      await row.waitFor({ state: 'detached' });

      // The same queue on a phone, with a box chosen.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'staff@pawfresh.com.au');
      await phone.page.goto(`${baseUrl}/staff/payments/failed`);
      const phoneRow = phone.page
        .getByRole('table', { name: 'Failed payments' })
        .getByRole('row')
        .filter({ hasText: `#${onPage.orderNumber}` });
      await phoneRow.getByRole('checkbox', { name: `Choose box #${onPage.orderNumber}` }).check();
      await phone.page.getByRole('button', { name: 'Retry 1 selected' }).waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({
        path: `${SHOTS}/failed-payments-bulk-mobile.png`,
        fullPage: true,
      });
      expect(phone.errors).toEqual([]);
      await phone.close();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'support retries a box from the customer page, then reads the box’s page: lines, payments, history',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/customers/${onPage.userId}`);
      const toCome = page.getByRole('table', { name: 'Boxes to come' });
      const row = toCome.getByRole('row').filter({ hasText: `#${onPage.orderNumber}` });
      await row
        .getByRole('button', { name: `Retry payment of box #${onPage.orderNumber}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Retry a failed payment' });
      await dialog.getByLabel(/^Reason/).fill('Customer asked on the phone');
      await dialog.getByRole('note').filter({ hasText: 'never twice' }).waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: /^Charge \$/ }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: `box #${onPage.orderNumber} is paid` })
        .waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      await row.getByRole('link', { name: `#${onPage.orderNumber}` }).click();
      await page.waitForURL(new RegExp(`/staff/customers/${onPage.userId}/orders/${onPage.id}$`));
      await page.getByRole('heading', { name: `Box #${onPage.orderNumber}`, level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Lines' }).getByRole('row').nth(1).waitFor();
      const attempts = page.getByRole('table', { name: 'Payment attempts' });
      await attempts.getByRole('row').filter({ hasText: 'processed' }).waitFor();
      await page
        .getByRole('table', { name: 'Who changed it' })
        .getByRole('row')
        .filter({ hasText: 'payment.retry' })
        .filter({ hasText: 'Customer asked on the phone' })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/order-desktop.png`, fullPage: true });

      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'staff@pawfresh.com.au');
      await phone.page.goto(`${baseUrl}/staff/customers/${onPage.userId}/orders/${onPage.id}`);
      await phone.page.getByRole('heading', { name: `Box #${onPage.orderNumber}` }).waitFor();
      await phone.page.getByRole('table', { name: 'Payment attempts' }).waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/order-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
