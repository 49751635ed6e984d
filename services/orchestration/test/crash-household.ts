import { randomUUID } from 'node:crypto';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import type { ServerClient } from './crash-server.js';

/** The calendar day (UTC) this many days from now. */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A customer for the crash tests, made through the services of a running server: a dog on a full
 * bowl of 300 g a day of the first active meal, an active subscription (the given cadence, or the
 * service's default) and one open box, made from the plan, on each of the given days from now.
 */
export async function household(
  api: Pick<ServerClient, 'get' | 'post'>,
  { boxDays, cadenceInWeeks }: { boxDays: readonly number[]; cadenceInWeeks?: number },
) {
  const userId = randomUUID();
  const meals = await api.get<{ id: string; status: string; variants: { id: string }[] }[]>(
    '/svc/product/api/v1/products?type=meal',
  );
  const meal = meals.find((m) => m.status === 'active')!;
  const dog = await api.post<{ identifier: string }>('/svc/dogs/dogs', {
    userId,
    dog: { name: 'Biscuit', weight: '8.5', isNeutered: true, activityLevel: 'loves_to_play' },
    mealProductIds: [meal.id],
  });
  const subscription = await api.post<Subscription>('/svc/subscription/subscriptions', {
    userId,
    status: 'active',
    ...(cadenceInWeeks === undefined ? {} : { cadenceInWeeks }),
    feedingPlans: [
      {
        animalId: dog.identifier,
        type: 'full_bowl',
        currentDailyServingSizeInGrams: 300,
        skus: [{ productVariantId: meal.variants[0]!.id, ratio: 1 }],
      },
    ],
  });
  const orders: Order[] = [];
  for (const [index, days] of boxDays.entries()) {
    orders.push(
      await api.post<Order>('/svc/order/api/v1/orders', {
        userId,
        subscriptionId: subscription.id,
        subscriptionOrderIndex: index,
        deliveryDate: dayFromNow(days),
        expectedDeliverySlotId: 'PM',
        address: {
          firstName: 'Jo',
          lastName: 'Tester',
          address1: '1 Test Street',
          suburb: 'Richmond',
          state: 'VIC',
          postcode: '3121',
        },
        orderLineItems: subscription.feedingPlans[0]!.skus.map((s) => ({
          animalId: dog.identifier,
          productId: s.productId,
          productVariantId: s.productVariantId,
          planType: 'full_bowl',
          price: s.price,
          quantity: s.pouches,
        })),
      }),
    );
  }
  return { userId, subscription, orders };
}
