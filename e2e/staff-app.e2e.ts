/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { scenarioAccount, type ScenarioAccount } from './workflows.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };

/** A service call as the other services make it (the test's setup, not what staff can do). */
async function service<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}/svc${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}`,
      'Idempotency-Key': randomUUID(),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A customer with a delivered box paid $129.50 on a saved card (what support refunds from). */
async function paidCustomer() {
  const account: ScenarioAccount & { userId?: string } = await scenarioAccount(
    baseUrl,
    'delivery-past',
  );
  const orderId = account.orders[0]!.orderId;
  const order = await service<{ userId: string; orderNumber: number }>(
    'GET',
    `/order/api/v1/orders/${orderId}`,
  );
  await service('POST', '/payment/customers/create-payment-method', {
    userId: order.userId,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  await service('POST', `/payment/customers/${order.userId}/payments`, {
    amount: 12_950,
    description: `Box #${order.orderNumber}`,
    reference: { referenceType: 'order', referenceId: orderId },
    createdBy: 'test',
  });
  return { ...account, userId: order.userId, orderNumber: order.orderNumber };
}

let customer: Awaited<ReturnType<typeof paidCustomer>>;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  customer = await paidCustomer();
}, JOURNEY_TIMEOUT);

describe('the back office in Chromium', () => {
  it(
    'support signs in, finds a customer by order number with Ctrl+K, refunds part of a box',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await page.goto(`${baseUrl}/staff/`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await expectNoAxeViolations(page);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      // What support cannot do is not offered; what it can is.
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: 'Find a customer' }).waitFor();

      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('textbox').fill(String(customer.orderNumber));
      const result = dialog.getByRole('listitem').filter({ hasText: `#${customer.orderNumber}` });
      await result.filter({ hasText: 'Order number' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/search-desktop.png` });
      await result.getByRole('button').click();

      // An order number opens the box; its page leads to the customer.
      await page.waitForURL(new RegExp(`/staff/customers/${customer.userId}/orders/`));
      await page.getByRole('heading', { name: `Box #${customer.orderNumber}` }).waitFor();
      await page.getByRole('link', { name: /^Back to / }).click();
      await page.waitForURL(`${baseUrl}/staff/customers/${customer.userId}`);
      const payments = page.getByRole('table', { name: 'Payments and refunds' });
      const row = payments.getByRole('row').filter({ hasText: `Box #${customer.orderNumber}` });
      await row.getByRole('button', { name: /^Refund/ }).click();
      const refund = page.getByRole('dialog', { name: 'Refund part of a payment' });
      await refund.getByLabel(/^Amount to refund/).fill('20.50');
      await refund.getByLabel(/^Reason/).fill('Two pouches arrived split');
      // What it will do, before it runs.
      await refund.getByRole('note').filter({ hasText: 'refund $20.50' }).waitFor();
      await refund.getByText('leaving $109.00 to refund on this payment').waitFor();
      await expectNoAxeViolations(page);
      await refund.getByRole('button', { name: 'Refund $20.50' }).click();
      // What it did.
      await refund.getByRole('status').filter({ hasText: '$20.50 refunded' }).waitFor();
      await refund.getByRole('button', { name: 'Done' }).click();
      await row.filter({ hasText: '$20.50 (1)' }).waitFor();
      const timeline = page.getByRole('table', { name: 'Timeline' });
      await timeline
        .getByRole('row')
        .filter({ hasText: 'payment.refund' })
        .filter({ hasText: 'Two pouches arrived split' })
        .waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'support pauses the subscription until a day and resumes it, each with a reason',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/customers/${customer.userId}`);
      const plan = page.getByRole('region', { name: 'Subscription and plans' });
      await plan.getByText('Status: active').waitFor();
      await plan.getByRole('button', { name: 'Pause' }).click();
      const pause = page.getByRole('dialog', { name: 'Pause deliveries' });
      const resumeOn = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
      await pause.getByLabel(/^Resume deliveries on/).fill(resumeOn);
      await pause.getByLabel(/^Reason/).fill('Away on holiday');
      await pause.getByRole('note').filter({ hasText: 'pause deliveries until' }).waitFor();
      await expectNoAxeViolations(page);
      await pause.getByRole('button', { name: 'Pause deliveries' }).click();
      await pause
        .getByRole('status')
        .filter({ hasText: 'The subscription is now paused' })
        .waitFor();
      await pause.getByRole('button', { name: 'Done' }).click();
      await plan.getByText('Status: paused').waitFor();

      await plan.getByRole('button', { name: 'Resume' }).click();
      const resume = page.getByRole('dialog', { name: 'Resume deliveries' });
      await resume.getByLabel(/^Reason/).fill('Back early');
      await resume.getByRole('button', { name: 'Resume deliveries' }).click();
      await resume
        .getByRole('status')
        .filter({ hasText: 'The subscription is now active' })
        .waitFor();
      await resume.getByRole('button', { name: 'Done' }).click();
      await plan.getByText('Status: active').waitFor();
      const timeline = page.getByRole('table', { name: 'Timeline' });
      await timeline.getByRole('row').filter({ hasText: 'subscription.resume' }).waitFor();
      await timeline.getByRole('row').filter({ hasText: 'Away on holiday' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/customer-desktop.png`, fullPage: true });
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'support skips a box to come with a reason: it is not made nor charged, and the timeline says so',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      type Box = { userId: string; orderNumber: number; paymentStatus: string };
      const orderId = account.orders[0]!.orderId;
      const box = await service<Box>('GET', `/order/api/v1/orders/${orderId}`);
      expect(box.paymentStatus).toBe('pending');
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/customers/${box.userId}`);
      const toCome = page.getByRole('table', { name: 'Boxes to come' });
      const row = toCome.getByRole('row').filter({ hasText: `#${box.orderNumber}` });
      await row
        .getByRole('button', { name: new RegExp(`^Skip box #${box.orderNumber} of `) })
        .click();
      const skip = page.getByRole('dialog', { name: 'Skip a box' });
      // Nothing is previewed before there is a reason; then what it will do, before it runs.
      await expect(skip.getByRole('note').count()).resolves.toBe(0);
      await skip.getByLabel(/^Reason/).fill('Customer is away that week');
      await skip
        .getByRole('note')
        .filter({ hasText: `skip the box #${box.orderNumber} of` })
        .filter({ hasText: 'is not charged' })
        .waitFor();
      await expectNoAxeViolations(page);
      await skip.getByRole('button', { name: `Skip box #${box.orderNumber}` }).click();
      // What it did, as the server answered it.
      await skip
        .getByRole('status')
        .filter({ hasText: 'is now hidden (payment expired)' })
        .waitFor();
      await expectNoAxeViolations(page);
      await skip.getByRole('button', { name: 'Done' }).click();
      await page.getByText('No boxes to come.').waitFor();
      const all = page.getByRole('table', { name: 'All boxes' });
      await all
        .getByRole('row')
        .filter({ hasText: `#${box.orderNumber}` })
        .filter({
          hasText: 'HIDDEN',
        })
        .waitFor();
      const timeline = page.getByRole('table', { name: 'Timeline' });
      await timeline
        .getByRole('row')
        .filter({ hasText: 'order.skip' })
        .filter({ hasText: 'Customer is away that week' })
        .waitFor();
      await expectNoAxeViolations(page);
      const after = await service<Box>('GET', `/order/api/v1/orders/${orderId}`);
      expect(after.paymentStatus).toBe('expired');
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'shows support the 403 when a refund is over its $100 limit, and refunds nothing',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.goto(`${baseUrl}/staff/customers/${customer.userId}`);
      const payments = page.getByRole('table', { name: 'Payments and refunds' });
      const row = payments.getByRole('row').filter({ hasText: `Box #${customer.orderNumber}` });
      await row.getByRole('button', { name: /^Refund/ }).click();
      const refund = page.getByRole('dialog', { name: 'Refund part of a payment' });
      await refund.getByLabel(/^Amount to refund/).fill('101');
      await refund.getByLabel(/^Reason/).fill('Whole box spoiled');
      await refund.getByText('It is over your limit of $100.00: an admin must make it.').waitFor();
      await refund.getByRole('button', { name: 'Refund $101.00' }).click();
      await refund
        .getByRole('alert')
        .filter({ hasText: 'does not have the permission refunds:over-limit' })
        .waitFor();
      await refund.getByRole('button', { name: 'Cancel' }).click();
      await expect(row.textContent()).resolves.not.toContain('$101');
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'lists a box whose payment failed in the failed payments queue, and leads to its customer',
    async () => {
      const failed = await scenarioAccount(baseUrl, 'payment-failed');
      type Box = { userId: string; orderNumber: number; paymentStatus: string };
      const boxes = await Promise.all(
        failed.orders.map(({ orderId }) => service<Box>('GET', `/order/api/v1/orders/${orderId}`)),
      );
      const order = boxes.find((box) => box.paymentStatus === 'attempt_failed')!;
      expect(order).toBeDefined();
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'staff@pawfresh.com.au');
      await page.getByRole('link', { name: 'Failed payments' }).click();
      await page.getByRole('heading', { name: 'Failed payments', level: 1 }).waitFor();
      const queue = page.getByRole('table', { name: 'Failed payments' });
      const row = queue.getByRole('row').filter({ hasText: `#${order.orderNumber}` });
      await row.waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/failed-payments-desktop.png`, fullPage: true });
      await row.getByRole('link').filter({ hasNotText: '#' }).click();
      await page.waitForURL(new RegExp(`/staff/customers/${order.userId}$`));
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an admin sees the failed runs count, finds the failed run, opens it and resumes it with a reason',
    async () => {
      // A run that fails for real: the price of a plan for a dog that does not exist (404).
      const workflowId = `e2e-failed-${randomUUID()}`;
      const failing = await fetch(
        `${baseUrl}/svc/orchestration/workflows/get-feeding-plan-pricing`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}`,
          },
          body: JSON.stringify({ animalId: randomUUID(), planId: 'full-bowl', workflowId }),
        },
      );
      expect(failing.status).toBe(404);

      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'admin@pawfresh.com.au');
      const count = page.getByRole('status').filter({ hasText: /\d+\+? failed workflow runs?/ });
      await count.waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'See them' }).click();
      await page.waitForURL(/\/staff\/runs\?status=failed$/);
      await page.getByRole('heading', { name: 'Workflow runs', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Workflow/ }).fill('get-feeding-plan-pricing');
      await page.waitForURL(/name=get-feeding-plan-pricing/);
      const runs = page.getByRole('table', { name: 'Workflow runs' });
      const row = runs.getByRole('row').filter({ hasText: workflowId });
      await row.getByText('Failed', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/runs-desktop.png`, fullPage: true });
      await row.getByRole('link', { name: 'get-feeding-plan-pricing' }).click();

      await page.waitForURL(new RegExp(`/staff/runs/${workflowId}$`));
      await page.getByRole('heading', { name: 'Run of get-feeding-plan-pricing' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'It failed (404)' }).waitFor();
      await page.getByRole('region', { name: 'Input' }).getByText('full-bowl').waitFor();
      const steps = page.getByRole('table', { name: 'Steps' });
      await steps.getByRole('row').filter({ hasText: 'Failed' }).first().waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/run-desktop.png`, fullPage: true });

      await page.getByRole('button', { name: 'Resume' }).click();
      const resume = page.getByRole('dialog', { name: 'Resume the run' });
      await resume.getByLabel(/^Reason/).fill('The dog was added since: try again');
      await resume
        .getByRole('note')
        .filter({ hasText: 'run get-feeding-plan-pricing again' })
        .waitFor();
      await expectNoAxeViolations(page);
      await resume.getByRole('button', { name: 'Resume run' }).click();
      await resume
        .getByRole('status')
        .filter({ hasText: /The run is now/ })
        .waitFor();
      await resume.getByText('Kept in the audit log with your reason.').waitFor();
      await resume.getByRole('button', { name: 'Done' }).click();
      // It ran again from its failed step: the dog still does not exist, so it fails again.
      await page.getByRole('alert').filter({ hasText: 'It failed (404)' }).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
