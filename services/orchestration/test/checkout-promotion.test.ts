import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import type { Payment } from '@pawfresh/contracts/payment';
import type { Promotion } from '@pawfresh/contracts/pricing';
import { callJson, messagesOf } from '@pawfresh/testing';
import { CARDS, checkoutHarness, readyCart, type CheckoutHarness } from './checkout-harness.js';

/**
 * Checkout with a promotion code on the cart (docs/workflows.md "checkout", docs/pricing.md
 * "Promotion codes in the cart"): priced before paying as charged, the use recorded once and
 * taken back when the checkout does not complete.
 */
let h: CheckoutHarness;
let discountId: string;
const STAFF = 'staff@pawfresh.com.au';

beforeAll(async () => {
  h = await checkoutHarness();
  const pricing = h.services.pricing!;
  const category = await callJson(pricing, 'POST', '/discounts/categories', {
    name: 'Welcome',
    createdBy: STAFF,
  });
  // Half off the first box, then 10% off every box after it.
  const discount = await callJson(pricing, 'POST', '/discounts', {
    categoryId: category.json<{ id: string }>().id,
    name: 'Half off, then 10% off',
    description: 'Welcome offer',
    interval: 'hybrid',
    createdBy: STAFF,
    schedules: [
      {
        orderPosition: 0,
        recurring: false,
        applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
      },
      {
        orderPosition: 1,
        recurring: true,
        applications: [{ type: 'percentage', value: 10, filters: [{ type: 'all-items' }] }],
      },
    ],
  });
  expect(discount.statusCode, discount.body).toBe(201);
  discountId = discount.json<{ id: string }>().id;
}, 180_000);
afterAll(() => h?.close());
afterEach(() => h.allUp());

const checkout = (body: Record<string, unknown>) => h.call('POST', '/workflows/checkout', body);

async function promotion(over: Record<string, unknown> = {}): Promise<Promotion> {
  const res = await callJson(h.services.pricing!, 'POST', '/promotions', {
    type: 'coupon',
    value: `WELCOME${randomUUID().slice(0, 6)}`,
    discountId,
    createdBy: STAFF,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Promotion>();
}

const promotionNow = async (id: string) =>
  (await callJson(h.services.pricing!, 'GET', `/promotions/${id}`)).json<Promotion>();
const paymentOf = async (paymentId: string) =>
  (await callJson(h.services.payment!, 'GET', `/payments/${paymentId}`)).json<Payment>();

describe('checkout with a promotion code on the cart', () => {
  it('charges the discounted price shown, discounts every order by the schedule, and records the use once', async () => {
    const code = await promotion({ maxUses: 10 });
    const plain = await readyCart(h);
    const ready = await readyCart(h, { promotionCode: code.value.toLowerCase() });
    const inflated = (
      await h.call('POST', '/workflows/get-inflated-cart', { cartId: ready.cart.id })
    ).json<InflatedCart>();
    expect(inflated.promotion).toMatchObject({
      code: code.value.toLowerCase(),
      promotionId: code.id,
      type: 'coupon',
      discountId,
      interval: 'hybrid',
      ordersDiscounted: null,
    });
    // Half of what the same cart costs without the code (each unit rounded down, never up).
    expect(ready.total).toBeLessThan(plain.total);
    expect(ready.total).toBeGreaterThanOrEqual(Math.floor(plain.total / 2));
    expect(inflated.prices.discountTotal).toBe(plain.total - ready.total);

    const workflowId = `checkout-promo-${ready.cart.id}`;
    const res = await checkout({ ...ready.body, workflowId });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<CheckoutResult>();
    expect(result.amountCharged).toBe(ready.total);
    const payment = await paymentOf(ready.intent.paymentId);
    expect(payment).toMatchObject({ status: 'processed', amountCaptured: ready.total });

    const [first, second, ...rest] = result.orders;
    expect(first!.totalCharge).toBe(ready.total);
    expect(first!.discounts).toEqual([
      expect.objectContaining({ discountId, discountIndex: 0, interval: 'hybrid' }),
    ]);
    // 10% off from the second box on.
    for (const order of [second!, ...rest]) {
      expect(order.discounts.map((d) => d.discountId)).toEqual([discountId]);
      expect(order.totalCharge).toBeLessThan(order.totalPrice);
      expect(order.totalCharge).toBeGreaterThanOrEqual(Math.floor(order.totalPrice * 0.9) - 10);
    }
    const [subscription] = result.subscriptions;
    expect(subscription!.discounts).toEqual([
      expect.objectContaining({ discountId, orderStartIndex: 0, orderQuantity: null }),
    ]);

    const used = await promotionNow(code.id);
    expect(used.uses).toBe(1);
    expect(used.users).toEqual([
      expect.objectContaining({ userId: ready.userId, type: 'discount', context: 'checkout' }),
    ]);

    // The same workflowId: the same answer, nothing done again, still one use.
    const before = { ...h.calls };
    const again = await checkout({ ...ready.body, workflowId });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResult>().orders.map((o) => o.id)).toEqual(
      result.orders.map((o) => o.id),
    );
    expect(h.calls).toEqual(before);
    expect((await promotionNow(code.id)).uses).toBe(1);
  }, 180_000);

  it("a friend's referral code is recorded as a referral at checkout: the referrer credited, one use, the discount charged", async () => {
    const referrerUserId = randomUUID();
    const code = await promotion({ type: 'referral-coupon', referrerUserId, maxUses: 5 });
    const ready = await readyCart(h, { promotionCode: code.value });
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CheckoutResult>().orders[0]!.discounts).toEqual([
      expect.objectContaining({ discountId, discountIndex: 0 }),
    ]);
    const used = await promotionNow(code.id);
    expect(used.referrerUserId).toBe(referrerUserId);
    expect(used.uses).toBe(1);
    expect(used.users).toEqual([
      expect.objectContaining({ userId: ready.userId, type: 'referral', context: 'checkout' }),
    ]);
  }, 180_000);

  it('refuses a code pricing cannot apply at the cart, and the cart keeps none', async () => {
    const off = await promotion({ disable: true });
    const ready = await readyCart(h, { plan: false });
    const res = await callJson(h.services.cart!, 'PUT', `/carts/${ready.cart.id}/promotion-code`, {
      promotionCode: off.value,
    });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([`Promotion code ${off.value} is disabled`]);
    const unknown = await callJson(
      h.services.cart!,
      'PUT',
      `/carts/${ready.cart.id}/promotion-code`,
      { promotionCode: 'NOSUCHCODE' },
    );
    expect(unknown.statusCode).toBe(404);
    const cart = (await callJson(h.services.cart!, 'GET', `/carts/${ready.cart.id}`)).json<{
      promotionCode: string | null;
    }>();
    expect(cart.promotionCode).toBeNull();
  });

  it('a declined card after the use was recorded takes the use back: nothing charged, no use', async () => {
    const code = await promotion({ maxUses: 1 });
    const ready = await readyCart(h, { card: CARDS.declined, promotionCode: code.value });
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(422);
    const now = await promotionNow(code.id);
    expect(now.uses).toBe(0);
    expect(now.users).toEqual([]);
    expect((await paymentOf(ready.intent.paymentId)).amountCaptured).toBe(0);
    // The one use is free again: another customer can take it.
    const other = await readyCart(h, { promotionCode: code.value });
    expect((await checkout(other.body)).statusCode).toBe(200);
    expect((await promotionNow(code.id)).users.map((u) => u.userId)).toEqual([other.userId]);
  });

  it('a code switched off between the cart and the checkout refuses the checkout (409): nothing charged', async () => {
    const code = await promotion();
    const ready = await readyCart(h, { promotionCode: code.value });
    const off = await callJson(h.services.pricing!, 'PATCH', `/promotions/${code.id}`, {
      disable: true,
      updatedBy: STAFF,
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(409);
    expect(messagesOf(res)).toEqual([
      `Promotion code ${code.value} is disabled: take the code off cart ${ready.cart.id} (DELETE /carts/${ready.cart.id}/promotion-code) or enter another`,
    ]);
    const payment = await paymentOf(ready.intent.paymentId);
    expect(payment.amountCaptured).toBe(0);
    expect((await promotionNow(code.id)).uses).toBe(0);
  });

  it('a service down after the payment undoes everything, the use included', async () => {
    const code = await promotion();
    const ready = await readyCart(h, { promotionCode: code.value });
    h.refuse = (service, method) => service === 'order' && method === 'POST';
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(502);
    h.allUp();
    const payment = await paymentOf(ready.intent.paymentId);
    expect(payment.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(payment.amountCaptured);
    expect((await promotionNow(code.id)).users).toEqual([]);
  });
});
