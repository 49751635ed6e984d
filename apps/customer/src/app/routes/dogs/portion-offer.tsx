import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { planPaths } from '../../../config/paths';
import { generatedPlanQueryOptions } from '../../../features/subscriptions/api/generate-plans';
import {
  currentSubscription,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { describeGrams } from '../../../features/subscriptions/utils/plan-words';

type FeedingPlan = Subscription['feedingPlans'][number];

/** What changed a dog's energy need: its weight (details page) or its activity (profile page). */
export type PortionReason = 'weight' | 'activity';
const REASON_WORDS: Record<PortionReason, string> = {
  weight: 'new weight',
  activity: 'new activity level',
};

/**
 * Where to go after a dog's weight or activity was saved: its portion page with the recomputed
 * portion offered (docs/changes.md "A new weight or activity"), when the change moved its energy
 * need and it has a plan; null otherwise (the dogs page, as before).
 */
export function portionOfferPath(
  before: Dog,
  after: Dog,
  subscriptions: readonly Subscription[] | undefined,
  reason: PortionReason,
): string | null {
  const plan = currentSubscription(subscriptions)?.feedingPlans.find(
    (candidate) => candidate.animalId === after.identifier,
  );
  if (!plan || after.dailyEnergyKilocalories === null) return null;
  if (after.dailyEnergyKilocalories === before.dailyEnergyKilocalories) return null;
  return `${planPaths.servingSize(after.identifier, plan.id)}?after=${reason}`;
}

/**
 * The recomputed portion after a weight or activity change, before and after ("Today 300 g a day
 * → recommended 375 g a day"): reviewing it goes through the serving-size review (nothing
 * changes before the customer applies it there); keeping today's portion changes nothing, and
 * the page says so.
 */
export function PortionOffer({
  dog,
  plan,
  subscription,
  reason,
}: {
  dog: Dog;
  plan: FeedingPlan;
  subscription: Subscription;
  reason: PortionReason;
}) {
  const navigate = useNavigate();
  const [kept, setKept] = useState(false);
  const meals = plan.skus.filter((sku) => sku.ratio > 0);
  const recommended = useQuery({
    ...generatedPlanQueryOptions({
      cadenceInWeeks: subscription.cadenceInWeeks,
      dogs: [
        {
          animalId: dog.identifier,
          energy: dog.dailyEnergyKilocalories ?? 0,
          planType: plan.type,
          meals: meals.map((sku) => ({ productId: sku.productId, weight: sku.ratio })),
        },
      ],
    }),
    enabled: dog.dailyEnergyKilocalories !== null && meals.length > 0,
  });
  const today = describeGrams(plan.currentDailyServingSizeInGrams);
  const title = `${dog.name}’s ${REASON_WORDS[reason]}`;

  if (kept) {
    return (
      <Alert color="oat" variant="light" role="status" title={title}>
        Nothing changed: {dog.name} stays on {today}.
      </Alert>
    );
  }
  if (recommended.isError) {
    return <PageError error={recommended.error} onRetry={() => recommended.refetch()} />;
  }
  const generated = recommended.data?.feedingPlans.find((p) => p.animalId === dog.identifier);
  if (!generated) {
    return (
      <Text role="status" aria-live="polite">
        Working out {dog.name}’s portion for the {REASON_WORDS[reason]}…
      </Text>
    );
  }
  if (generated.servingSize === plan.servingSize) {
    return (
      <Alert color="oat" variant="light" role="status" title={title}>
        {today} still suits {dog.name}: nothing to change.
      </Alert>
    );
  }
  const after = describeGrams(generated.currentDailyServingSizeInGrams);
  return (
    <Alert color="oat" variant="light" title={title} role="region">
      <Stack gap="sm">
        <Text>
          Today {today} → recommended {after}.
        </Text>
        <Text size="sm">
          Review it to see what it does to your boxes and price: nothing changes until you apply it.
        </Text>
        <Group>
          <Button
            onClick={() => {
              const search = new URLSearchParams({ servingSize: generated.servingSize });
              void navigate(
                `${planPaths.servingSize(dog.identifier, plan.id, 'review')}?${search.toString()}`,
              );
            }}
          >
            Review {after}
          </Button>
          <Button variant="default" onClick={() => setKept(true)}>
            Keep {today}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
