import '../../../styles/mantine-forms.css';
import { Button, Group } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import {
  reviewFeedingPlanType,
  updateFeedingPlanType,
  useSubscriptionChange,
  type PlanReview,
} from '../../../features/subscriptions/api/subscription-changes';
import { PlanComparison } from './plan-comparison';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import { MovedSinceReview } from '../../../features/subscriptions/components/moved-since-review';
import { isMovedSinceReview } from '../../../features/subscriptions/utils/api-errors';
import {
  compareSides,
  describeChange,
  PLAN_TYPE_WORDS,
} from '../../../features/subscriptions/utils/plan-words';
import NotFoundRoute from '../not-found';
import { PlanTypeChoice, type ChoosablePlanType } from './meal-choice';
import { planEditLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planEditLoader(queryClient);
}

type PlanType = ChoosablePlanType;

/**
 * /dogs/{animalId}/edit/plan: full or half bowl. Review first (before and after, nothing changes),
 * then apply the reviewed version (customer-app.md §4); a plan moved meanwhile is reviewed again.
 */
export default function EditPlanRoute() {
  const { animalId } = useParams();
  const data = usePlanRouteData(animalId);
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const review = useSubscriptionChange(reviewFeedingPlanType);
  const apply = useSubscriptionChange(updateFeedingPlanType);
  const [choice, setChoice] = useState<PlanType | null>(null);
  const [reviewed, setReviewed] = useState<PlanReview | null>(null);
  const [moved, setMoved] = useState(false);
  const { formError, setFormError, report } = useFailureReport();

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') return <PlanPageState title="Change plan" state={data} />;
  const { dog, plan, subscription } = data;
  const selected = choice ?? (plan.type as PlanType);
  const runReview = (type: PlanType) => {
    setFormError(null);
    review.mutate(
      { subscriptionId: subscription.id, feedingPlanType: type },
      { onSuccess: setReviewed, onError: report },
    );
  };

  const confirm = () => {
    if (!reviewed || apply.isPending) return;
    setFormError(null);
    apply.mutate(
      { subscriptionId: subscription.id, feedingPlanType: selected, version: reviewed.version },
      {
        onSuccess: (change) => {
          notify(
            `${dog.name} is on a ${PLAN_TYPE_WORDS[selected].name.toLowerCase()} now. ${describeChange(compareSides(change.before!, change.after!, dog.identifier))}`,
          );
          void navigate(paths.dogs);
        },
        onError: (error) => {
          if (isMovedSinceReview(error)) {
            setMoved(true);
            runReview(selected);
            return;
          }
          report(error);
        },
      },
    );
  };

  return (
    <FullScreenPage
      title={`Change ${dog.name}’s plan`}
      back={{ to: paths.dogs, label: 'Back to dogs' }}
      intro="The plan applies to every dog on your subscription. You’ll see what changes before anything does."
      wide={reviewed !== null}
    >
      <PageForm
        formError={formError}
        onSubmit={() => {
          if (selected === plan.type) {
            setFormError(
              `${dog.name} is on a ${PLAN_TYPE_WORDS[selected].name.toLowerCase()} already: choose the other plan.`,
            );
            return;
          }
          runReview(selected);
        }}
      >
        <MovedSinceReview show={moved} />
        <PlanTypeChoice
          value={selected}
          onChange={(value) => {
            setChoice(value);
            setReviewed(null);
            setMoved(false);
          }}
        />
        {reviewed ? (
          <>
            <PlanComparison review={reviewed} animalId={dog.identifier} dogName={dog.name} />
            <Group>
              <Button onClick={confirm} loading={apply.isPending || review.isPending}>
                Confirm new plan
              </Button>
            </Group>
          </>
        ) : (
          <Button type="submit" loading={review.isPending}>
            Review the change
          </Button>
        )}
      </PageForm>
    </FullScreenPage>
  );
}
