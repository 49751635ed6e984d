import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { AccountResponse, CustomerDog } from '@pawfresh/contracts/account';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { listInWords, useSuccessNotice } from '../../../components/feedback/success-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useSubmission } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { DogAvatar } from '../../../components/ui/dog-avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProductImage } from '../../../components/ui/product-image';
import { paths } from '../../../config/paths';
import {
  activeSubscription,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { useUpdateRecipes } from '../../../features/orders/api/update-recipes';
import { QuantityStepper } from '../../../features/orders/components/quantity-stepper';
import { countOf, productImage } from '../../../features/orders/utils/box-contents';
import {
  MAX_MEALS,
  pouchesByMeal,
  skusFromCounts,
} from '../../../features/orders/utils/meal-shares';
import {
  canChange,
  describeCutoff,
  formatDay,
  type Order,
} from '../../../features/orders/utils/order-format';
import { BACK_TO_DELIVERIES, orderEditLoader, useOrderRoute } from './order-route-data';

export function clientLoader(queryClient: QueryClient) {
  return orderEditLoader(queryClient, { dogs: true, subscriptions: true });
}

const TITLE = 'Change meals';

type Products = AccountResponse<'getProducts'>;

/** /deliveries/{orderId}/edit/meals/{animalId} (customer-app.md §2): one dog's meals. */
export default function EditMealsRoute() {
  const { animalId } = useParams();
  const route = useOrderRoute({ dogs: true, subscriptions: true });
  if (route.state !== 'ready') return route.frame(TITLE);
  const dog = route.dogs?.find((candidate) => candidate.identifier === animalId);
  const subscription = activeSubscription(route.subscriptions);
  const plan = subscription?.feedingPlans.find(
    (candidate) => candidate.animalId === animalId && candidate.status === 'active',
  );
  if (!dog || !subscription || !plan) {
    return (
      <FullScreenPage title={TITLE} back={BACK_TO_DELIVERIES}>
        <EmptyState title="No meal plan for this dog">
          Only a dog with a meal plan in your subscription has meals to change.
        </EmptyState>
      </FullScreenPage>
    );
  }
  return (
    <EditMeals
      order={route.order!}
      dog={dog}
      subscription={subscription}
      planId={plan.id}
      products={route.products!}
    />
  );
}

function EditMeals({
  order,
  dog,
  subscription,
  planId,
  products,
}: {
  order: Order;
  dog: CustomerDog;
  subscription: Subscription;
  planId: string;
  products: Products;
}) {
  const plan = subscription.feedingPlans.find((candidate) => candidate.id === planId)!;
  const [now] = useState(() => new Date());
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const updateRecipes = useUpdateRecipes();
  const initial = useMemo(() => pouchesByMeal(plan), [plan]);
  const [counts, setCounts] = useState<Record<string, number>>(initial);
  const total = plan.totalPouches;
  const chosen = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const mealsChosen = Object.values(counts).filter((n) => n > 0).length;
  const [problem, setProblem] = useState<string | null>(null);
  const mealName = (productId: string) =>
    products.meals.find((meal) => meal.id === productId)?.name ?? 'A meal';
  const unchanged = products.meals.every(
    (meal) => (counts[meal.id] ?? 0) === (initial[meal.id] ?? 0),
  );

  const submission = useSubmission({
    send: () =>
      updateRecipes.mutateAsync({
        subscriptionId: subscription.id,
        feedingPlanId: plan.id,
        body: {
          skus: skusFromCounts(
            counts,
            (productId) => products.meals.find((meal) => meal.id === productId)?.variants[0]?.id,
          ),
          version: subscription.version,
        },
      }),
    onSuccess: async (answer) => {
      const mix = listInWords(
        Object.entries(counts)
          .filter(([, n]) => n > 0)
          .map(([productId, n]) => `${n} ${mealName(productId)}`),
      );
      const left = answer.orders.leftOrders.map(
        (left) => `Your box of ${formatDay(left.deliveryDate)} keeps its meals: ${left.message}`,
      );
      notify(
        [
          `${dog.name}’s boxes now have ${mix} pouches, from your box of ${formatDay(order.deliveryDate)} on.`,
          ...left,
        ].join(' '),
      );
      await navigate(paths.deliveries);
    },
  });

  const intro = (
    <Text>
      {dog.name} gets {countOf(total, 'pouch', 'pouches')} a box. Share them among up to {MAX_MEALS}{' '}
      meals; the change applies to this box and the ones after it.{' '}
      {canChange(order, now) ? `${describeCutoff(order, now)}.` : null}
    </Text>
  );

  return (
    <FullScreenPage title={`Change ${dog.name}’s meals`} back={BACK_TO_DELIVERIES} intro={intro}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (unchanged) {
            void navigate(paths.deliveries);
            return;
          }
          if (chosen !== total) {
            setProblem(
              `Choose ${countOf(total, 'pouch', 'pouches')} in all: ${chosen} chosen so far.`,
            );
            return;
          }
          setProblem(null);
          submission.submit(undefined);
        }}
      >
        <Stack gap="md">
          <Group gap="sm">
            <DogAvatar dogId={dog.identifier} size={48} />
            <Text fw={800} aria-live="polite">
              {chosen} of {countOf(total, 'pouch', 'pouches')} chosen
            </Text>
          </Group>
          <FormAlert message={problem ?? submission.formError} />
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {products.meals.map((meal) => {
              const count = counts[meal.id] ?? 0;
              const outOfStock = meal.status === 'out_of_stock';
              return (
                <Group component="li" key={meal.id} justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <ProductImage src={productImage(meal)} size={56} />
                    <div>
                      <Text fw={700}>{meal.name}</Text>
                      {outOfStock ? (
                        <Text size="sm" c="dimmed">
                          Out of stock
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                  <QuantityStepper
                    name={`${meal.name} pouch`}
                    value={count}
                    onChange={(value) => setCounts({ ...counts, [meal.id]: value })}
                    max={
                      count > 0 || mealsChosen < MAX_MEALS ? count + Math.max(total - chosen, 0) : 0
                    }
                    disabled={outOfStock && count === 0}
                    unit={(n) => (n === 1 ? 'pouch' : 'pouches')}
                  />
                </Group>
              );
            })}
          </Stack>
          {!canChange(order, now) ? (
            <Alert color="oat" variant="light">
              Changes have closed for this box: the new meals start with the next one.
            </Alert>
          ) : null}
          <Button type="submit" loading={submission.submitting} size="md">
            {unchanged ? 'Keep these meals' : 'Save meals'}
          </Button>
        </Stack>
      </form>
    </FullScreenPage>
  );
}
