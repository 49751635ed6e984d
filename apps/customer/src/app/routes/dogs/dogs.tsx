import { Button, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { paths } from '../../../config/paths';
import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import { DogList } from '../../../features/dogs/components/dog-list';
import { useOrders } from '../../../features/orders/api/get-orders';
import { productIndex } from '../../../features/orders/utils/box-contents';
import { portionsFromNextBox } from '../../../features/orders/utils/order-lists';
import { useProducts } from '../../../features/products/api/get-products';
import {
  currentSubscription,
  useSubscriptions,
} from '../../../features/subscriptions/api/get-subscriptions';
import { planPortionInWords } from '../../../features/subscriptions/utils/plan-words';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { loadQuery } from '../../route-context';
import { canStartPlans } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await loadQuery(queryClient, context, getDogsQueryOptions(), { reload: true });
    return null;
  };
}

/** /dogs: the customer's dogs. */
export default function DogsRoute() {
  const dogs = useDogs();
  const orders = useOrders();
  const products = useProducts();
  const [today] = useState(todayAsCalendarDate);
  // The plan pages are linked, and each dog's daily portion read from its plan, once the
  // subscription is there (preloaded; not waited for here). Without a subscription, the portion
  // the next box holds.
  const subscriptions = useSubscriptions();
  const { feedingPlanIds, portions, canStartPlan } = useMemo(() => {
    const subscription = currentSubscription(subscriptions.data?.subscriptions);
    const active = subscription !== undefined && canStartPlans(subscription);
    const plans = active ? subscription.feedingPlans : [];
    return {
      canStartPlan: active,
      feedingPlanIds: new Map(plans.map((plan) => [plan.animalId, plan.id] as const)),
      portions: subscription
        ? new Map(plans.map((plan) => [plan.animalId, planPortionInWords(plan)] as const))
        : portionsFromNextBox(orders.data, productIndex(products.data)),
    };
  }, [subscriptions.data, orders.data, products.data]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Dogs</Title>
        <Button component={Link} to={paths.dogAdd}>
          Add a dog
        </Button>
      </Group>
      {dogs.data ? (
        <DogList
          dogs={dogs.data}
          today={today}
          portions={portions}
          feedingPlanIds={feedingPlanIds}
          canStartPlan={canStartPlan}
        />
      ) : dogs.isError ? (
        <PageError error={dogs.error} onRetry={() => dogs.refetch()} />
      ) : (
        <PageLoading />
      )}
    </Stack>
  );
}
