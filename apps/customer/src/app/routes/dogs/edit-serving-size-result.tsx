import { Button, Group, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, type LoaderFunction } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import type { PlanChange } from '../../../features/subscriptions/api/subscription-changes';
import { PlanComparison } from './plan-comparison';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import {
  describeGrams,
  describePouchesPerDay,
} from '../../../features/subscriptions/utils/plan-words';
import NotFoundRoute from '../not-found';
import { planEditLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planEditLoader(queryClient);
}

/**
 * /dogs/{animalId}/{feedingPlanId}/edit-serving-size/result: what changed (the apply call's
 * answer, handed over by the review page); opened again later, the plan as it is now.
 */
export default function ServingSizeResultRoute() {
  const { animalId, feedingPlanId } = useParams();
  const data = usePlanRouteData(animalId, feedingPlanId);
  const change = (useLocation().state as { change?: PlanChange } | null)?.change;

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') return <PlanPageState title="Portion changed" state={data} />;
  const { dog, plan } = data;
  return (
    <FullScreenPage
      title={`${dog.name}’s portion`}
      back={{ to: paths.dogs, label: 'Back to dogs' }}
      intro={`${dog.name} now has ${describeGrams(plan.currentDailyServingSizeInGrams)} (${describePouchesPerDay(plan.pouchesPerDay)}).`}
      wide
    >
      <Stack gap="lg">
        {change?.before && change.after ? (
          <PlanComparison
            review={{ before: change.before, after: change.after, orders: change.orders }}
            animalId={dog.identifier}
            dogName={dog.name}
            done
          />
        ) : (
          <Text>Your boxes to come have the new portion, except those past their cut-off.</Text>
        )}
        <Group>
          <Button component={Link} to={paths.deliveries}>
            See my deliveries
          </Button>
          <Button component={Link} to={paths.dogs} variant="light">
            Back to dogs
          </Button>
        </Group>
      </Stack>
    </FullScreenPage>
  );
}
