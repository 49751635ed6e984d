/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { addDays, formatDay } from '../packages/contracts/src/calendar-dates.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Forecast and stock (issue 32 item 3): operations opens the forecast, rebalances a kitchen's
 * day (a dry run that moves nothing, then the move, answering how many boxes moved, checked
 * against the order service's own forecast), and sees a product the catalogue is out of marked
 * short on the day it is needed. Screenshots at 1280 and 390 px in
 * docs/screenshots/staff/forecast-*.png.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const auth = { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` };

async function service<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/svc${path}`, {
    method,
    headers: body === undefined ? auth : { ...auth, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Order = {
  id: string;
  version: number;
  makeDate: string;
  facilityId: number;
  orderLineItems: { productVariantId: string | null; planType: string | null }[];
};

const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

/** Boxes on each day at the box's kitchen, as the order service counts them. */
async function boxesOn(dates: string[]): Promise<number[]> {
  const sorted = [...dates].sort();
  const forecast = await service<{ days: { makeDate: string; boxes: number }[] }>(
    'GET',
    `/order/api/v1/forecast/boxes/facility/${order.facilityId}?dateRangeStart=${sorted[0]}&dateRangeEnd=${sorted.at(-1)}`,
  );
  return dates.map((d) => forecast.days.find((x) => x.makeDate === d)?.boxes ?? 0);
}

let order: Order;
let toDate: string;

/** A new customer's next box, paid: a box the kitchen may make earlier. */
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  order = await service<Order>('GET', `/order/api/v1/orders/${account.orders[0]!.orderId}`);
  for (const paymentStatus of ['processing', 'processed']) {
    order = await service<Order>('PATCH', `/order/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus,
      version: order.version,
      updatedBy: 'e2e',
    });
  }
  // Paying announces order_paid, whose workflow packs the box: wait until the order's topics are
  // delivered, so nothing changes the box while the journey moves it.
  await vi.waitFor(
    async () => {
      const pending = await service<{ data: { orderId: string; topic: string }[] }>(
        'GET',
        '/order/api/v1/outbox?status=pending&limit=100',
      );
      const waiting = pending.data.filter((m) => m.orderId === order.id).map((m) => m.topic);
      if (waiting.length > 0)
        throw new Error(`The order's ${waiting.join(', ')} not yet delivered`);
    },
    { timeout: JOURNEY_TIMEOUT / 2, interval: 250 },
  );
  order = await service<Order>('GET', `/order/api/v1/orders/${order.id}`);
  toDate = isSunday(addDays(order.makeDate, -1))
    ? addDays(order.makeDate, -2)
    : addDays(order.makeDate, -1);
}, JOURNEY_TIMEOUT);

describe('forecast and stock in Chromium', () => {
  it(
    'operations rebalances a day: the dry run moves nothing, the move moves what it says; a product out of stock is marked short',
    async () => {
      const meal = order.orderLineItems.find((l) => l.planType && l.productVariantId)!;
      const variant = await service<{ status: string }>(
        'GET',
        `/product/api/v1/variants/${meal.productVariantId}`,
      );
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      try {
        await signInToStaff(page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
        await page.getByRole('link', { name: 'Forecast and stock' }).click();
        await page.getByRole('heading', { name: 'Forecast and stock' }).waitFor();
        await page.getByLabel('From', { exact: true }).fill(addDays(order.makeDate, -3));
        const boxes = page.getByRole('region', { name: 'Boxes per kitchen per day' });
        await boxes.getByRole('figure').waitFor();
        await boxes
          .getByRole('figure')
          .getByText(/: \d+ in all\.$/)
          .waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/forecast-desktop.png` });
        await boxes.getByRole('button', { name: 'Show the numbers' }).click();
        await boxes
          .getByRole('table', { name: 'Boxes per kitchen per make date' })
          .getByRole('rowheader', { name: formatDay(order.makeDate) })
          .waitFor();

        const [fromBefore, toBefore] = await boxesOn([order.makeDate, toDate]);
        const rebalance = page.getByRole('region', { name: 'Rebalance a day' });
        await rebalance
          .getByLabel('Kitchen', { exact: true })
          .selectOption(String(order.facilityId));
        await rebalance.getByLabel('Move boxes made on').selectOption(order.makeDate);
        await rebalance.getByLabel('To make date').fill(toDate);
        await rebalance.getByLabel('How many boxes at most').fill('1');
        await rebalance.getByRole('button', { name: 'Dry run' }).click();
        const planned = rebalance.getByRole('status').filter({ hasText: 'Dry run: nothing moved' });
        await planned.getByText(/^1 box would move from/).waitFor();
        expect(await boxesOn([order.makeDate, toDate])).toEqual([fromBefore, toBefore]);
        await expectNoAxeViolations(page);
        await rebalance.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -80));
        await page.screenshot({ path: `${SHOTS}/forecast-dry-run-desktop.png` });

        await planned.getByRole('button', { name: 'Move 1 box' }).click();
        const dialog = page.getByRole('dialog', { name: 'Move the boxes' });
        await dialog.getByLabel(/^Reason/).fill('Melbourne is a cook short on the day');
        await dialog.getByRole('note').waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/forecast-move-desktop.png` });
        await dialog.getByRole('button', { name: 'Move 1 box' }).click();
        await dialog.getByText(/^Moved 1 box from .* to .*\. Kept in the audit log/).waitFor();
        expect(await boxesOn([order.makeDate, toDate])).toEqual([fromBefore! - 1, toBefore! + 1]);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await boxes.getByRole('row', { name: new RegExp(`^${formatDay(toDate)} `) }).waitFor();

        // The box's meal out of stock: the stock monitor marks the days it is needed.
        await service('PATCH', `/product/api/v1/variants/${meal.productVariantId}/status`, {
          status: 'out_of_stock',
        });
        const stock = page.getByRole('region', { name: 'Stock monitor' });
        await stock.getByLabel('Kitchen', { exact: true }).selectOption(String(order.facilityId));
        await stock.getByRole('note').filter({ hasText: 'Runs short' }).waitFor();
        await stock
          .getByRole('cell', { name: /short$/ })
          .first()
          .waitFor();
        await expectNoAxeViolations(page);
        await stock
          .getByRole('heading', { name: 'Stock monitor' })
          .evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -80));
        await page.screenshot({ path: `${SHOTS}/forecast-stock-desktop.png` });
        expect(errors).toEqual([]);
      } finally {
        await service('PATCH', `/product/api/v1/variants/${meal.productVariantId}/status`, {
          status: variant.status,
        });
        await close();
      }

      // On a phone: the same page, one column.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
      await phone.page.goto(
        `${baseUrl}/staff/forecast?fromDate=${addDays(order.makeDate, -3)}&facilityId=${order.facilityId}`,
      );
      await phone.page.getByRole('region', { name: 'Rebalance a day' }).waitFor();
      await phone.page
        .getByRole('region', { name: 'Stock monitor' })
        .getByRole('table')
        .first()
        .waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/forecast-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
    },
    JOURNEY_TIMEOUT,
  );
});
