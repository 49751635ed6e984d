import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunction } from 'react-router';
import type { ServingSizeCode } from '@pawfresh/contracts/subscription';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { planPaths } from '../../../config/paths';
import {
  reviewServingSize,
  updateServingSize,
  useSubscriptionChange,
} from '../../../features/subscriptions/api/subscription-changes';
import { PlanComparison } from '../../../features/subscriptions/components/plan-comparison';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import { failureOf, isMovedSinceReview } from '../../../features/subscriptions/utils/api-errors';
import { compareSides, describeChange } from '../../../features/subscriptions/utils/plan-words';
import NotFoundRoute from '../not-found';
import { planEditLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planEditLoader(queryClient);
}

export const MOVED_SINCE_REVIEW =
  'Your plan changed since this review, so we’ve worked it out again. Check the new figures and confirm again.';

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
  const modal = useResultModal();
  const apply = useSubscriptionChange(updateServingSize);
  const [moved, setMoved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
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
          const failure = failureOf(error);
          if (failure === 'modal') void modal.showFailure();
          else if (failure !== 'silent') setFormError(failure.message);
        },
      },
    );
  };

  return frame(
    <Stack gap="lg">
      {moved ? (
        <Alert color="yellow" variant="light" role="alert" title="Please check again">
          {MOVED_SINCE_REVIEW}
        </Alert>
      ) : null}
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
