import { randomUUID } from 'node:crypto';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { dayFromNow, planBoxBody } from '@pawfresh/testing';
import type { ServerClient } from './crash-server.js';

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
      await api.post<Order>(
        '/svc/order/api/v1/orders',
        planBoxBody(subscription, dog.identifier, index, dayFromNow(days)),
      ),
    );
  }
  return { userId, subscription, orders };
}
