/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, formatDay } from '../packages/contracts/src/calendar-dates.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { paidKitchenBox, serviceCaller, type KitchenOrder } from './kitchen-box.js';

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
const service = serviceCaller(baseUrl);

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

let order: KitchenOrder;
let toDate: string;

/** A new customer's next box, paid: a box the kitchen may make earlier. */
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  order = await paidKitchenBox(baseUrl);
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
