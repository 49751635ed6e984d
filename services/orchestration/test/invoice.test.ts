import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { callJson, JO_IN_RICHMOND } from '@pawfresh/testing';
import type { InvoiceFile } from '@pawfresh/contracts/orchestration-billing';
import type { Product } from '@pawfresh/contracts/product';
import {
  billingHarness,
  box,
  customer,
  customerAuth,
  type BillingHarness,
} from './billing-harness.js';

let h: BillingHarness;
let meal: Product;
let treat: Product;
beforeAll(async () => {
  h = await billingHarness();
  const products = (await callJson(h.services.product!, 'GET', '/api/v1/products')).json<
    Product[]
  >();
  meal = products.find((p) => p.type === 'meal')!;
  treat = products.find((p) => p.type === 'treat')!;
}, 180_000);
afterAll(async () => h?.close());

const textOf = async (base64: string) => {
  const parser = new PDFParse({ data: Buffer.from(base64, 'base64') });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

/** A box with a discounted meal plan and a one-off treat, paid on Tue 17 November. */
async function paidBox(userId: string) {
  h.clock.set('2026-11-02T09:00:00.000Z');
  const order = await box(h, userId, {
    orderLineItems: [
      {
        productId: meal.id,
        animalId: randomUUID(),
        planType: 'full_bowl',
        price: 875,
        discountedPrice: 700,
        quantity: 14,
      },
      { productId: treat.id, price: 1295, quantity: 2, oneOff: true },
    ],
    discounts: [{ discountId: randomUUID(), name: 'Welcome 20%', interval: 'once-off' }],
  });
  h.clock.set('2026-11-17T08:00:00+11:00');
  for (const paymentStatus of ['processing', 'processed']) {
    const res = await callJson(
      h.services.order!,
      'PATCH',
      `/api/v1/orders/${order.id}/payment-status`,
      {
        paymentStatus,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return order;
}

describe('generate-invoice', () => {
  it('answers an Australian tax invoice as a PDF with the GST included', async () => {
    const c = await customer(h);
    const order = await paidBox(c.id);
    const res = await callJson(h.app, 'POST', '/workflows/generate-invoice', { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<InvoiceFile & { workflowId: string }>();
    // 14 × $7.00 + 2 × $12.95 = $123.90; GST = 12390 / 11 = 1126.36… → $11.26.
    expect(invoice).toMatchObject({
      orderId: order.id,
      invoiceNumber: `INV-${order.orderNumber}`,
      invoiceDate: '2026-11-17',
      fileName: `pawfresh-tax-invoice-INV-${order.orderNumber}.pdf`,
      total: 12390,
      gst: 1126,
    });
    const pdf = Buffer.from(invoice.pdfContent, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(invoice.pdfContent);
    for (const expected of [
      'Tax invoice',
      'Pawfresh Pty Ltd',
      'ABN 51 824 753 556',
      `Invoice number: INV-${order.orderNumber}`,
      'Invoice date: 17 November 2026',
      `Order: #${order.orderNumber}`,
      'Delivery: 20 November 2026',
      'Jo Tester',
      'Richmond VIC 3121',
      `${meal.name} (full bowl plan)`,
      `${treat.name} (one-off extra)`,
      '$8.75',
      '$122.50',
      '$12.95',
      '$25.90',
      'Subtotal',
      '$148.40',
      'Discounts (Welcome 20%)',
      '-$24.50',
      'Shipping',
      '$0.00',
      'Total (AUD)',
      '$123.90',
      'GST included in total',
      '$11.26',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The same order again: the same invoice.
    const again = await callJson(h.app, 'POST', '/workflows/generate-invoice', {
      orderId: order.id,
    });
    expect(again.json<InvoiceFile>().pdfContent).toBe(invoice.pdfContent);
  }, 180_000);

  it('issues one for a box imported paid (legacy history: no payment event), dated its billing date', async () => {
    const c = await customer(h);
    const imported = await callJson(h.services.order!, 'POST', '/api/v1/orders/migration', {
      userId: c.id,
      address: JO_IN_RICHMOND,
      flags: { phoenixToggle: false, shadowToggle: false },
      orders: [
        {
          legacyOrderId: 4711,
          deliveryDate: '2026-03-06',
          expectedDeliverySlotId: 'AM',
          paymentStatus: 'processed',
          fulfilmentStatus: 'palletised',
          shipmentStatus: 'delivered',
          isCancelled: false,
          orderLineItems: [{ productId: meal.id, price: 875, quantity: 14 }],
        },
      ],
      createdBy: 'migration',
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const { orderId, orderNumber } = imported.json<{
      items: { orderId: string; orderNumber: number }[];
    }>().items[0]!;
    const order = (await callJson(h.services.order!, 'GET', `/api/v1/orders/${orderId}`)).json<{
      billingDate: string;
    }>();

    const res = await callJson(
      h.account,
      'GET',
      `/api/v1/orders/${orderId}/invoice`,
      undefined,
      await customerAuth(h, c.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvoiceFile>()).toMatchObject({
      invoiceNumber: `INV-${orderNumber}`,
      invoiceDate: order.billingDate,
      total: 12250,
    });
  }, 180_000);

  it('refuses an order not paid yet (409) and an unknown one (404)', async () => {
    h.clock.set('2026-11-02T09:00:00.000Z');
    const c = await customer(h);
    const unpaid = await box(h, c.id);
    const res = await callJson(h.app, 'POST', '/workflows/generate-invoice', {
      orderId: unpaid.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      `Order #${unpaid.orderNumber} is not paid yet: its tax invoice is issued once it is paid`,
    );
    const unknown = randomUUID();
    const missing = await callJson(h.app, 'POST', '/workflows/generate-invoice', {
      orderId: unknown,
    });
    expect(missing.statusCode).toBe(404);
  }, 180_000);
});

describe('GET /api/v1/orders/{orderId}/invoice', () => {
  it("answers the customer's own paid order's invoice, and 404 for another's", async () => {
    const owner = await customer(h);
    const order = await paidBox(owner.id);
    const own = await callJson(
      h.account,
      'GET',
      `/api/v1/orders/${order.id}/invoice`,
      undefined,
      await customerAuth(h, owner.id),
    );
    expect(own.statusCode, own.body).toBe(200);
    const file = own.json<InvoiceFile>();
    expect(file).not.toHaveProperty('workflowId');
    expect(await textOf(file.pdfContent)).toContain(`INV-${order.orderNumber}`);

    const stranger = await customer(h);
    const other = await callJson(
      h.account,
      'GET',
      `/api/v1/orders/${order.id}/invoice`,
      undefined,
      await customerAuth(h, stranger.id),
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: `Order ${order.id} not found` });
    const anonymous = await callJson(
      h.account,
      'GET',
      `/api/v1/orders/${order.id}/invoice`,
      undefined,
      {},
    );
    expect(anonymous.statusCode).toBe(401);
  }, 180_000);
});
