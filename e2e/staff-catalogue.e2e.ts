/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signInToStaff } from './staff-session.js';
import { serviceCaller } from './kitchen-box.js';
import { scenarioAccount } from './workflows.js';

/**
 * The catalogue (issue 32 item 4): operations opens the catalogue, keeps the meals, picks the
 * pouch a new customer's box to come carries, chooses Out of stock, sees what that does to the
 * boxes to come (as many as the order service counts, the soonest named) before typing a reason,
 * confirms, and sees the new status; the product service has it. The status is restored after.
 * Screenshots at 1280 and 390 px in docs/screenshots/staff/catalogue-*.png.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const service = serviceCaller(baseUrl);

type Variant = { id: string; productId: string; variantName: string; status: string };
let variant: Variant;
let productName: string;

/** A new customer's box to come (its cut-off ahead) and the meal pouch it carries. */
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  const order = await service<{ orderLineItems: { productVariantId: string | null }[] }>(
    'GET',
    `/order/api/v1/orders/${account.orders[0]!.orderId}`,
  );
  const variantId = order.orderLineItems.find((l) => l.productVariantId)!.productVariantId!;
  variant = await service<Variant>('GET', `/product/api/v1/variants/${variantId}`);
  const products = await service<{ id: string; name: string }[]>(
    'GET',
    '/product/api/v1/products?type=meal',
  );
  productName = products.find((p) => p.id === variant.productId)!.name;
}, JOURNEY_TIMEOUT);

/** A row's accessible name starts with its variant's name. */
const rowOf = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);

const boxesToCome = async () =>
  (
    await service<{ boxes: number; customers: number }>(
      'GET',
      `/order/api/v1/orders/stats/variant-usage?productVariantId=${variant.id}&limit=0`,
    )
  ).boxes;

describe('the catalogue in Chromium', () => {
  it(
    'operations previews what taking a pouch out of stock does to the boxes to come, confirms with a reason, and sees the new status',
    async () => {
      expect(variant.status).toBe('active');
      const boxes = await boxesToCome();
      expect(boxes).toBeGreaterThan(0);
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      try {
        await signInToStaff(page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
        await page.getByRole('link', { name: 'Catalogue' }).click();
        await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
        await page.getByLabel('Product type').selectOption('meal');
        await page.waitForURL(/\/staff\/catalogue\?type=meal$/);
        const product = page.getByRole('region', { name: productName });
        const row = product.getByRole('row', { name: rowOf(variant.variantName) });
        await row.getByText('Active').waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/catalogue-desktop.png` });

        await row.getByRole('button', { name: `Change status of ${variant.variantName}` }).click();
        const dialog = page.getByRole('dialog', {
          name: `Change the status of ${variant.variantName}`,
        });
        await dialog.getByLabel('New status').selectOption('out_of_stock');
        const preview = dialog.getByRole('region', { name: 'What this change does' });
        await preview
          .getByText(new RegExp(`^${boxes} ${boxes === 1 ? 'box' : 'boxes'} for \\d+ customer`))
          .waitFor();
        await preview.getByText(/Boxes already made keep it/).waitFor();
        await preview
          .getByRole('note')
          .getByText(/still carr(y|ies) it/)
          .waitFor();
        expect(await preview.getByRole('row').count()).toBeGreaterThan(1);
        await expect(
          dialog.getByRole('button', { name: 'Make it out of stock' }).isDisabled(),
        ).resolves.toBe(true);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/catalogue-preview-desktop.png` });
        expect(
          await service<Variant>('GET', `/product/api/v1/variants/${variant.id}`),
        ).toMatchObject({ status: 'active' });

        await dialog.getByLabel(/^Reason/).fill('The supplier missed this week’s delivery');
        await dialog.getByText(/leave \d+ (box|boxes) to come as/).waitFor();
        await dialog.getByRole('button', { name: 'Make it out of stock' }).click();
        await dialog
          .getByText(
            /is now out of stock \(it was active\); \d+ (box|boxes) to come keeps? it\. Kept in the audit log/,
          )
          .waitFor();
        await vi.waitFor(async () =>
          expect(
            (await service<Variant>('GET', `/product/api/v1/variants/${variant.id}`)).status,
          ).toBe('out_of_stock'),
        );
        expect(await boxesToCome()).toBe(boxes);
        await page.screenshot({ path: `${SHOTS}/catalogue-done-desktop.png` });
        await dialog.getByRole('button', { name: 'Done' }).click();
        await row.getByText('Out of stock').waitFor();
        await expectNoAxeViolations(page);
        expect(errors).toEqual([]);
      } finally {
        await service('PATCH', `/product/api/v1/variants/${variant.id}/status`, {
          status: 'active',
        });
        await close();
      }

      // On a phone: the list and the preview, one column.
      const phone = await openPage(browser(), PHONE);
      try {
        await signInToStaff(phone.page, baseUrl, 'operations@pawfresh.com.au', 'Back office');
        await phone.page.goto(`${baseUrl}/staff/catalogue?type=meal`);
        const product = phone.page.getByRole('region', { name: productName });
        await product.getByRole('row', { name: rowOf(variant.variantName) }).waitFor();
        await expectNoAxeViolations(phone.page);
        await phone.page.screenshot({ path: `${SHOTS}/catalogue-mobile.png` });
        await product
          .getByRole('button', { name: `Change status of ${variant.variantName}` })
          .click();
        const dialog = phone.page.getByRole('dialog');
        await dialog.getByLabel('New status').selectOption('discontinued');
        await dialog
          .getByRole('region', { name: 'What this change does' })
          .getByText(/Boxes already made keep it/)
          .waitFor();
        await expectNoAxeViolations(phone.page);
        await phone.page.screenshot({ path: `${SHOTS}/catalogue-preview-mobile.png` });
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});
