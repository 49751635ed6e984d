import { Button, Group, Stack } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunction } from 'react-router';
import type { ServingSizeCode } from '@pawfresh/contracts/subscription';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { planPaths } from '../../../config/paths';
import {
  reviewServingSize,
  updateServingSize,
  useSubscriptionChange,
} from '../../../features/subscriptions/api/subscription-changes';
import { PlanComparison } from './plan-comparison';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import { MovedSinceReview } from '../../../features/subscriptions/components/moved-since-review';
import { isMovedSinceReview } from '../../../features/subscriptions/utils/api-errors';
import { compareSides, describeChange } from '../../../features/subscriptions/utils/plan-words';
import NotFoundRoute from '../not-found';
import { planEditLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planEditLoader(queryClient);
}

/**
 * /dogs/{animalId}/{feedingPlanId}/edit-serving-size/review: what the new portion does, before
 * and after (nothing changes yet); "Confirm" applies the reviewed version. If the plan moved
 * meanwhile (409), the review is worked out again and the customer confirms again.
 */
export default function ServingSizeReviewRoute() {
  const { animalId, feedingPlanId } = useParams();
  const [search] = useSearchParams();
  const servingSize = search.get('servingSize') ?? '';
  const data = usePlanRouteData(animalId, feedingPlanId);
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const apply = useSubscriptionChange(updateServingSize);
  const [moved, setMoved] = useState(false);
  const { formError, setFormError, report } = useFailureReport();
  const subscriptionId = data.status === 'ready' ? data.subscription.id : '';
  const review = useQuery({
    queryKey: ['serving-size-review', subscriptionId, feedingPlanId, servingSize],
    queryFn: () =>
      reviewServingSize({
        subscriptionId,
        feedingPlanId: feedingPlanId!,
        servingSize: servingSize as ServingSizeCode,
      }),
    enabled: data.status === 'ready' && servingSize !== '',
    staleTime: 0,
    gcTime: 0,
  });

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') return <PlanPageState title="Review portion" state={data} />;
  const { dog, plan } = data;
  const choose = planPaths.servingSize(dog.identifier, plan.id);
  const frame = (children: React.ReactNode) => (
    <FullScreenPage
      title={`Review ${dog.name}’s new portion`}
      back={{ to: choose, label: 'Choose another portion' }}
      intro="Nothing has changed yet. Here is what the new portion does to your boxes."
      wide
    >
      {children}
    </FullScreenPage>
  );
  if (servingSize === '') return <NotFoundRoute />;
  if (!review.data) {
    return frame(
      review.isError ? (
        <PageError error={review.error} onRetry={() => review.refetch()} />
      ) : (
        <PageLoading />
      ),
    );
  }

  const confirm = () => {
    if (apply.isPending) return;
    setFormError(null);
    apply.mutate(
      {
        subscriptionId,
        feedingPlanId: plan.id,
        servingSize: servingSize as ServingSizeCode,
        version: review.data.version,
      },
      {
        onSuccess: (change) => {
          notify(
            `${dog.name}’s new portion is saved. ${describeChange(compareSides(change.before!, change.after!, dog.identifier))}`,
          );
          void navigate(planPaths.servingSize(dog.identifier, plan.id, 'result'), {
            state: { change },
          });
        },
        onError: (error) => {
          if (isMovedSinceReview(error)) {
            setMoved(true);
            void review.refetch();
            return;
          }
          report(error);
        },
      },
    );
  };

  return frame(
    <Stack gap="lg">
      <MovedSinceReview show={moved} />
      <FormAlert message={formError} />
      <PlanComparison review={review.data} animalId={dog.identifier} dogName={dog.name} />
      <Group>
        <Button onClick={confirm} loading={apply.isPending || review.isFetching}>
          Confirm new portion
        </Button>
        <Button component={Link} to={choose} variant="subtle">
          Choose another portion
        </Button>
      </Group>
    </Stack>,
  );
}
