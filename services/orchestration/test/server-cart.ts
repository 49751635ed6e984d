import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@pawfresh/contracts/payment';
import type { ServerClient } from './crash-server.js';

type Api = Pick<ServerClient, 'get' | 'post'>;

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * On a real server: a guest's cart (a half bowl, a treat), a saved card and an intent for its total, and the checkout's body.
 */
export async function readyCart(
  api: Api,
  {
    beforePricing,
    captureMethod = 'manual',
    email,
  }: {
    beforePricing?: (cartId: string) => Promise<void>;
    captureMethod?: 'manual' | 'automatic';
    /** The new account's e-mail (default: one of its own). */
    email?: string;
  } = {},
) {
  const userId = randomUUID();
  const meals = await api.get<{ id: string }[]>('/svc/product/api/v1/products?type=meal');
  const dog = await api.post<{ identifier: string }>('/svc/dogs/dogs', {
    userId,
    dog: { name: 'Biscuit', weight: '8.5', isNeutered: true, activityLevel: 'loves_to_play' },
    mealProductIds: [meals[0]!.id],
  });
  const treats = await api.get<{ status: string; variants: { id: string; status: string }[] }[]>(
    '/svc/product/api/v1/products?type=treat',
  );
  const treat = treats
    .filter((p) => p.status === 'active')
    .flatMap((p) => p.variants)
    .find((v) => v.status === 'active')!;
  const cart = await api.post<{ id: string }>('/svc/cart/carts', { userId });
  await api.post(`/svc/cart/carts/${cart.id}/products`, {
    productVariantId: treat.id,
    quantity: 1,
  });
  const sub = await api.post<{ id: string }>(`/svc/cart/carts/${cart.id}/subscriptions`, {});
  const plans = await api.get<{ id: string; slug: string }[]>('/svc/subscription/plans');
  await api.post(`/svc/cart/subscriptions/${sub.id}/plans`, {
    planId: plans.find((p) => p.slug === 'half-bowl')!.id,
    animalId: dog.identifier,
  });
  // E.g. a promotion code entered: the intent is for the cart's price with it.
  await beforePricing?.(cart.id);
  const inflated = await api.post<{ prices: { total: number } }>(
    '/svc/orchestration/workflows/get-inflated-cart',
    { cartId: cart.id },
  );
  await api.post('/svc/payment/customers/create-payment-method', {
    userId,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  const intent = await api.post<PaymentIntent>('/svc/payment/providers/stripe/payment-intents', {
    userId,
    amount: inflated.prices.total,
    captureMethod,
    description: 'First box',
    reference: { referenceId: cart.id, referenceType: 'order' },
    createdBy: 'customer-app',
  });
  const today = new Date();
  const days = await api.get<{ deliveryDate: string; slotAvailability: number }[]>(
    `/svc/courier/api/v1/couriers/becool/delivery-schedules?postcode=3121&suburb=Richmond&fromDate=${addDays(today, 7)}&toDate=${addDays(today, 30)}`,
  );
  const deliveryDate = days.find((d) => (d.slotAvailability & 2) !== 0)!.deliveryDate;
  const body = {
    cartId: cart.id,
    paymentIntentId: intent.id,
    expectedDeliverySlotId: 'PM',
    deliveryDate,
    userAddress: {
      firstName: 'Sam',
      lastName: 'Citizen',
      email: email ?? `sam-${userId.slice(0, 8)}@example.com`,
      address1: '12 Example Street',
      suburb: 'Richmond',
      state: 'VIC',
      postCode: '3121',
    },
    userPassword: 'correct horse',
    workflowId: `crash-checkout-${cart.id}`,
  };
  return { userId, cart, intent, total: inflated.prices.total, body };
}

/** `count` customers checked out on a real server (one subscription each): the subscriptions' ids. */
export async function checkedOutSubscriptions(api: Api, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const ready = await readyCart(api);
    const done = await api.post<{ subscriptions: { id: string }[] }>(
      '/svc/orchestration/workflows/checkout',
      ready.body,
    );
    ids.push(done.subscriptions[0]!.id);
  }
  return ids;
}
