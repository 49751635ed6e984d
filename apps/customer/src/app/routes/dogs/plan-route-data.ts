import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';

import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import { getProductsQueryOptions } from '../../../features/products/api/get-products';
import {
  currentSubscription,
  getSubscriptionsQueryOptions,
  useSubscriptions,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { loadQuery } from '../../route-context';

type FeedingPlan = Subscription['feedingPlans'][number];

/** A dog's plan pages need the dogs, the subscription and the deliveries (for box dates). */
export function planEditLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getDogsQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getSubscriptionsQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getOrdersQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

/** The plan pages that choose meals need the catalogue's meals too. */
export function planAndMealsLoader(queryClient: QueryClient): LoaderFunction {
  const plan = planEditLoader(queryClient);
  return async (args) => {
    await Promise.all([
      plan(args),
      loadQuery(queryClient, args.context, getProductsQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

export type PlanRouteData =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => Promise<unknown> }
  | { status: 'not-found' }
  | { status: 'no-plan'; dog: Dog; subscription?: Subscription }
  | { status: 'ready'; dog: Dog; subscription: Subscription; plan: FeedingPlan };

/** Whether a dog without a plan may start one on this subscription (active or paused). */
export const canStartPlans = (subscription: Pick<Subscription, 'status'>) =>
  subscription.status === 'active' || subscription.status === 'paused';

/**
 * The dog of the route, its subscription and its feeding plan (the one named by the route when it
 * names one). Another dog's plan id, or an unknown dog, is not found.
 */
export function usePlanRouteData(
  animalId: string | undefined,
  feedingPlanId?: string,
): PlanRouteData {
  const dogs = useDogs();
  const subscriptions = useSubscriptions();
  if (dogs.isError && !dogs.data)
    return { status: 'error', error: dogs.error, retry: () => dogs.refetch() };
  if (subscriptions.isError && !subscriptions.data)
    return { status: 'error', error: subscriptions.error, retry: () => subscriptions.refetch() };
  if (!dogs.data || !subscriptions.data) return { status: 'loading' };
  const dog = dogs.data.find((candidate) => candidate.identifier === animalId);
  if (!dog) return { status: 'not-found' };
  const subscription = currentSubscription(subscriptions.data.subscriptions);
  const plan = subscription?.feedingPlans.find(
    (candidate) =>
      candidate.animalId === dog.identifier &&
      (feedingPlanId === undefined || candidate.id === feedingPlanId),
  );
  if (!subscription || !plan) {
    if (feedingPlanId !== undefined) return { status: 'not-found' };
    // A plan can be started on an active or paused subscription (not a cancelled one).
    return subscription && canStartPlans(subscription)
      ? { status: 'no-plan', dog, subscription }
      : { status: 'no-plan', dog };
  }
  return { status: 'ready', dog, subscription, plan };
}
