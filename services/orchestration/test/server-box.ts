import { randomUUID } from 'node:crypto';
import type { Order } from '@pawfresh/contracts/order';
import { JO_IN_RICHMOND } from '@pawfresh/testing';
import type { ServerClient } from './crash-server.js';

type Api = Pick<ServerClient, 'post'>;

/** The first Friday at least `weeks` weeks from today: its cut-off is well ahead. */
export function aFridayAhead(weeks = 3): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A new order's body: one full-bowl line of 14 pouches at $8.75 ($122.50), PM, in Richmond VIC
 * (served by the Melbourne depot), for `userId` on `deliveryDate`. Shared by the crash tests and
 * the in-process billing harness.
 */
export const boxBody = (userId: string, deliveryDate: string) => ({
  userId,
  deliveryDate,
  expectedDeliverySlotId: 'PM',
  address: JO_IN_RICHMOND,
  orderLineItems: [
    {
      productId: randomUUID(),
      animalId: randomUUID(),
      planType: 'full_bowl',
      price: 875,
      quantity: 14,
    },
  ],
});

/**
 * On a real server: a customer in identity with a card that pays (the default), and one full-bowl
 * box ($122.50) on a Friday `weeks` ahead in Richmond VIC, for the billing run to charge.
 */
export async function customerWithBox(
  api: Api,
  weeks = 3,
): Promise<{ userId: string; order: Order }> {
  const { userId } = await customerWithCard(api);
  const order = await api.post<Order>(
    '/svc/order/api/v1/orders',
    boxBody(userId, aFridayAhead(weeks)),
  );
  return { userId, order };
}

/** On a real server: a customer in identity with a card that pays (the default). */
async function customerWithCard(api: Api): Promise<{ userId: string }> {
  const user = await api.post<{ id: string }>('/svc/identity/identity/users', {
    email: `box-${randomUUID().slice(0, 8)}@example.com.au`,
    password: 'correct horse',
    firstName: 'Jo',
    lastName: 'Tester',
  });
  await api.post('/svc/payment/customers/create-payment-method', {
    userId: user.id,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  return { userId: user.id };
}

/**
 * `customers` customers, each with a card that pays and `boxes` boxes on the Friday `weeks` ahead
 * (a few customers at a time): a billing run's worth of due orders for that day.
 */
export async function customersWithBoxes(
  api: Api,
  customers: number,
  boxes: number,
  weeks: number,
): Promise<{ date: string; orders: Order[]; userIds: string[] }> {
  const deliveryDate = aFridayAhead(weeks);
  const orders: Order[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < customers; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, customers - i) }, async () => {
        const { userId } = await customerWithCard(api);
        userIds.push(userId);
        for (let b = 0; b < boxes; b++) {
          orders.push(
            await api.post<Order>('/svc/order/api/v1/orders', boxBody(userId, deliveryDate)),
          );
        }
      }),
    );
  }
  return { date: orders[0]!.billingDate, orders, userIds };
}
