import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import type { Cart, CartPlan, CartSubscription } from '@pawfresh/contracts/cart';
import type { PaymentIntent, PaymentMethod } from '@pawfresh/contracts/payment';
import type { Product } from '@pawfresh/contracts/product';
import type { Plan } from '@pawfresh/contracts/subscription';
import {
  callJson,
  caller,
  routeFetch,
  serviceApp,
  serviceAuth,
  svcUrl,
  testDatabase,
} from '@pawfresh/testing';
import { cartService } from '@pawfresh/cart';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { identityService } from '@pawfresh/identity';
import { orderService } from '@pawfresh/order';
import { paymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { orchestrationService } from '../src/index.js';
import { createDog, mealOf, type Harness } from './harness.js';

/** Monday 2 November 2026, 8pm in Melbourne. */
export const NOW = '2026-11-02T09:00:00.000Z';

/**
 * Every service a checkout calls, real and in-process on one test database. `refuse(service,
 * method, path)` makes a call answer 503 (a service down), `calls` counts requests per service.
 */
export interface CheckoutHarness extends Harness {
  clock: TestClock;
  refuse: (service: string, method: string, path: string) => boolean;
  call: ReturnType<typeof caller>;
}

export async function checkoutHarness(): Promise<CheckoutHarness> {
  const database = await testDatabase();
  const clock = new TestClock(NOW);
  const options = { database, clock };
  const product = await serviceApp(productService, options);
  const pricing = await serviceApp(pricingService, options);
  const dogs = await serviceApp(dogsService, options);
  const identity = await serviceApp(identityService, options);
  const payment = await serviceApp(paymentService, options);
  const courier = await serviceApp(courierService, options);
  const withCalls = (apps: Record<string, FastifyInstance>) => ({
    ...options,
    serviceUrl: svcUrl,
    fetch: routeFetch(apps),
  });
  const cart = await serviceApp(cartService, withCalls({ pricing }));
  const subscription = await serviceApp(subscriptionService, withCalls({ product, pricing, dogs }));
  const order = await serviceApp(orderService, withCalls({ courier, subscription }));
  const services = {
    product,
    pricing,
    dogs,
    cart,
    identity,
    payment,
    courier,
    subscription,
    order,
  };
  const calls: Record<string, number> = {};
  const routed = routeFetch(services);
  const h: CheckoutHarness = {
    database,
    clock,
    services,
    calls,
    down: {},
    meals: [],
    plans: [],
    refuse: () => false,
    app: undefined as unknown as FastifyInstance,
    call: caller(() => h.app),
    allUp() {
      h.refuse = () => false;
    },
    async close() {
      await h.app.close();
      for (const service of Object.values(services)) await service.close();
      await database.close();
    },
  };
  h.app = await serviceApp(orchestrationService, {
    ...options,
    serviceUrl: svcUrl,
    fetch: async (url, init) => {
      const u = new URL(url);
      const name = u.hostname.replace(/\.svc$/, '');
      calls[name] = (calls[name] ?? 0) + 1;
      if (h.refuse(name, init.method ?? 'GET', u.pathname)) {
        return new Response('{"message":"down"}', { status: 503 });
      }
      return routed(url, init);
    },
  });
  const seeded = await callJson(product, 'POST', '/api/v1/products/reset-by-seed-script', {});
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
  h.meals = (await callJson(product, 'GET', '/api/v1/products?type=meal')).json<Product[]>();
  h.plans = (await callJson(subscription, 'GET', '/plans')).json<Plan[]>();
  return h;
}

async function made<T>(app: FastifyInstance, method: 'POST', url: string, body: unknown = {}) {
  const res = await callJson(app, method, url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

export const CARDS: Record<'visa' | 'declined', string> = {
  visa: '4242424242424242',
  declined: '4000000000000002',
};

export const richmond = {
  firstName: 'Sam',
  lastName: 'Citizen',
  address1: '12 Example Street',
  suburb: 'Richmond',
  city: 'Melbourne',
  state: 'VIC',
  postCode: '3121',
  phoneNumber: '0412345678',
};

/**
 * A guest's cart ready to pay for: a subscription with a half bowl of turkey for their dog and a
 * supplement, and a loose treat; a saved card and a payment intent for the cart's total.
 */
export async function readyCart(
  h: CheckoutHarness,
  {
    card = CARDS.visa,
    captureMethod = 'manual' as 'manual' | 'automatic',
    plan = true,
    promotionCode = undefined as string | undefined,
  } = {},
) {
  const s = h.services;
  const userId = randomUUID();
  const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
  type Listed = { status: string; variants: { id: string; status: string }[] };
  const variantOf = (type: string) =>
    callJson(s.product!, 'GET', `/api/v1/products?type=${type}`).then((res) => {
      const sold = res
        .json<Listed[]>()
        .filter((p) => p.status === 'active')
        .flatMap((p) => p.variants)
        .find((v) => v.status === 'active');
      if (!sold) throw new Error(`No ${type} for sale in the catalogue`);
      return sold;
    });
  const treat = await variantOf('treat');
  const supplement = await variantOf('supplement');
  const cart = await made<Cart>(s.cart!, 'POST', '/carts', { userId });
  await made(s.cart!, 'POST', `/carts/${cart.id}/products`, {
    productVariantId: treat.id,
    quantity: 2,
  });
  if (plan) {
    const sub = await made<CartSubscription>(s.cart!, 'POST', `/carts/${cart.id}/subscriptions`);
    await made(s.cart!, 'POST', `/subscriptions/${sub.id}/products`, {
      productVariantId: supplement.id,
      quantity: 1,
    });
    const halfBowl = h.plans.find((p) => p.slug === 'half-bowl')!;
    const cartPlan = await made<CartPlan>(s.cart!, 'POST', `/subscriptions/${sub.id}/plans`, {
      planId: halfBowl.id,
      animalId: dog.identifier,
    });
    await made(s.cart!, 'POST', `/plans/${cartPlan.id}/products`, {
      productId: mealOf(h, 'turkey').id,
    });
  }
  if (promotionCode) {
    const set = await callJson(s.cart!, 'PUT', `/carts/${cart.id}/promotion-code`, {
      promotionCode,
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  const inflated = await h.call('POST', '/workflows/get-inflated-cart', { cartId: cart.id });
  expect(inflated.statusCode, inflated.body).toBe(200);
  const total = inflated.json<{ prices: { total: number } }>().prices.total;
  const method = await made<PaymentMethod>(s.payment!, 'POST', '/customers/create-payment-method', {
    userId,
    card: { number: card, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  const intent = await made<PaymentIntent>(
    s.payment!,
    'POST',
    '/providers/stripe/payment-intents',
    {
      userId,
      amount: total,
      captureMethod,
      description: 'First box',
      reference: { referenceId: cart.id, referenceType: 'order' },
      createdBy: 'customer-app',
    },
  );
  const deliveryDate = await offeredDate(h, 'PM');
  const body = {
    cartId: cart.id,
    paymentIntentId: intent.id,
    expectedDeliverySlotId: 'PM',
    deliveryDate,
    userAddress: { ...richmond, email: `sam-${userId.slice(0, 8)}@example.com` },
    userPassword: 'correct horse',
  };
  return { userId, dog, cart, intent, method, total, body };
}

/** The first date from a week on with the slot offered in Richmond. */
export async function offeredDate(h: CheckoutHarness, slot: 'AM' | 'PM'): Promise<string> {
  const res = await callJson(
    h.services.courier!,
    'GET',
    '/api/v1/couriers/becool/delivery-schedules?postcode=3121&suburb=Richmond&fromDate=2026-11-09&toDate=2026-11-30',
  );
  expect(res.statusCode, res.body).toBe(200);
  const day = res
    .json<{ deliveryDate: string; slotAvailability: number }[]>()
    .find((d) => (d.slotAvailability & (slot === 'AM' ? 1 : 2)) !== 0);
  if (!day) throw new Error(`No ${slot} delivery in Richmond in November`);
  return day.deliveryDate;
}

export { serviceAuth };
