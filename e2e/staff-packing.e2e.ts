/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { paidKitchenBox, serviceCaller, type KitchenOrder } from './kitchen-box.js';

/**
 * The packing floor (issue 32 item 2): operations opens a kitchen's make date, holds and releases
 * a fulfilment and sees its status change without a reload (also a change made elsewhere, read by
 * the board's refresh), and prints the day's pick list, read back from the PDF. Screenshots at
 * 1280 and 390 px in docs/screenshots/staff/packing-*.png.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const service = serviceCaller(baseUrl);

type Fulfilment = {
  fulfilmentId: string;
  isOnHold: boolean;
  status: string;
  boxes: { serialNumber: string; customerName: string }[];
};

let order: KitchenOrder;
let fulfilment: Fulfilment;

/** The box's fulfilment as the fulfilment service has it now (found by its order). */
async function fulfilmentNow(): Promise<Fulfilment> {
  const boxes = await service<{ fulfilmentId: string }[]>(
    'GET',
    `/fulfilment/api/v1/boxes/by-Order/${order.id}`,
  );
  return service<Fulfilment>('GET', `/fulfilment/api/v1/fulfilments/${boxes[0]!.fulfilmentId}`);
}

/** A new customer's next box, paid and so packed in its kitchen: pending on the floor. */
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  order = await paidKitchenBox(baseUrl);
  fulfilment = await fulfilmentNow();
}, JOURNEY_TIMEOUT);

describe('the packing floor in Chromium', () => {
  it(
    'operations holds and releases a fulfilment, sees the board follow without a reload, and prints the pick list',
    async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
      await page.getByRole('link', { name: 'Packing floor' }).click();
      await page.getByRole('heading', { name: 'Packing floor' }).waitFor();
      await page.getByRole('region', { name: 'Progress' }).waitFor();
      await page.getByLabel('Kitchen', { exact: true }).selectOption(String(order.facilityId));
      await page.getByLabel('Make date', { exact: true }).selectOption(order.makeDate);
      // Marks this page: a reload would lose it.
      await page.evaluate(
        () => ((window as unknown as { notReloaded: boolean }).notReloaded = true),
      );

      const serial = fulfilment.boxes[0]!.serialNumber;
      const name = fulfilment.boxes[0]!.customerName;
      const row = page.getByRole('listitem').filter({ hasText: serial });
      await row.waitFor();
      await row.getByText('Pending', { exact: true }).first().waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/packing-board-desktop.png` });

      // Hold, with a reason.
      await row.getByRole('button', { name: `Hold ${name}` }).click();
      const hold = page.getByRole('dialog', { name: `Hold the fulfilment: ${name}` });
      await hold.getByLabel(/^Reason/).fill('Customer rang: moving house');
      await hold.getByRole('note').waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/packing-hold-desktop.png` });
      await hold.getByRole('button', { name: 'Hold', exact: true }).click();
      await hold.getByText(`${name}’s fulfilment is now on hold.`).waitFor();
      await hold.getByRole('button', { name: 'Done' }).click();
      await row.getByText('On hold', { exact: true }).first().waitFor();
      expect(await fulfilmentNow()).toMatchObject({ isOnHold: true, status: 'on_hold' });

      // Release.
      await row.getByRole('button', { name: `Release ${name}` }).click();
      const release = page.getByRole('dialog', { name: `Release the fulfilment: ${name}` });
      await release.getByLabel(/^Reason/).fill('New address confirmed');
      await release.getByRole('button', { name: 'Release', exact: true }).click();
      await release.getByRole('button', { name: 'Done' }).click();
      await row.getByText('Pending', { exact: true }).first().waitFor();
      expect(await fulfilmentNow()).toMatchObject({ isOnHold: false, status: 'pending' });

      // The kitchen queues it elsewhere: the board's refresh shows it, the page not reloaded.
      await service(
        'POST',
        `/fulfilment/api/v1/jobs/fulfilments/${(await fulfilmentNow()).fulfilmentId}/requeue-jobs`,
      );
      await row.getByText('Queued', { exact: true }).first().waitFor({ timeout: 15_000 });
      expect(
        await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);

      // The day's pick list as a PDF, read back.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Pick list (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `pick-list-${order.facilityId}-${order.makeDate}.pdf`,
      );
      const parser = new PDFParse({
        data: new Uint8Array(await readFile((await download.path())!)),
      });
      try {
        const { text } = await parser.getText();
        expect(text).toContain(`Pick list: facility ${order.facilityId}`);
        expect(text).toContain(`Make date ${order.makeDate}`);
        expect(text).toMatch(/\d+ orders, \d+ boxes/);
      } finally {
        await parser.destroy();
      }
      expect(errors).toEqual([]);
      await close();

      // On a phone: the same board, one column.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
      await phone.page.goto(
        `${baseUrl}/staff/packing?facilityId=${order.facilityId}&makeDate=${order.makeDate}`,
      );
      await phone.page.getByRole('listitem').filter({ hasText: serial }).waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/packing-board-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
    },
    JOURNEY_TIMEOUT,
  );
});
