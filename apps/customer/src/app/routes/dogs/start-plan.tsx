import '../../../styles/mantine-forms.css';
import { Button, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { DetailList } from '../../../components/ui/detail-list';
import { dogEditProfilePath, paths } from '../../../config/paths';
import {
  getMealRecommendationsQueryOptions,
  getPlanPreviewQueryOptions,
  useStartPlan,
} from '../../../features/dogs/api/start-plan';
import { useProducts } from '../../../features/products/api/get-products';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import { planPortionInWords } from '../../../features/subscriptions/utils/plan-words';
import { formatCents } from '../../../lib/format';
import NotFoundRoute from '../not-found';
import {
  MAX_MEALS,
  MealChoice,
  mealChoiceProblem,
  PlanTypeChoice,
  type ChoosablePlanType,
} from './meal-choice';
import { planAndMealsLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planAndMealsLoader(queryClient);
}

type PlanType = ChoosablePlanType;

/**
 * /dogs/{animalId}/start-plan: a plan for a dog that has none (docs/changes.md "Starting a
 * plan"). The recommended meals are ticked to begin with; the portion and price shown are the
 * subscription service's sizing of the choice (POST /plans/generate, nothing changes); "Start
 * plan" puts the plan on the subscription and the dog's meals on the boxes to come.
 */
export default function StartPlanRoute() {
  const { animalId = '' } = useParams();
  const data = usePlanRouteData(animalId);
  const products = useProducts();
  const recommendations = useQuery({
    ...getMealRecommendationsQueryOptions(animalId),
    enabled: data.status === 'no-plan',
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [planType, setPlanType] = useState<PlanType>('full_bowl');
  const { formError, setFormError, report } = useFailureReport();
  const start = useStartPlan();
  const notify = useSuccessNotice();
  const navigate = useNavigate();

  const ready = data.status === 'no-plan' && data.subscription ? data : null;
  const cadenceInWeeks = ready?.subscription?.cadenceInWeeks ?? 2;
  const energy = ready?.dog.dailyEnergyKilocalories ?? null;
  const meals = products.data?.meals ?? [];
  const recommended = new Set(
    (recommendations.data ?? [])
      .filter((meal) => meal.recommendation.recommendationType === 'recommended')
      .map((meal) => meal.id),
  );
  const visible = new Set(meals.map((meal) => meal.id));
  const firstChoice = [...recommended].filter((id) => visible.has(id)).slice(0, MAX_MEALS);
  const selected = chosen ?? firstChoice;
  const previewable =
    ready && energy !== null && selected.length > 0 && selected.length <= MAX_MEALS;
  const preview = useQuery({
    ...getPlanPreviewQueryOptions({
      cadenceInWeeks,
      dogs: [
        {
          animalId,
          energy: energy ?? 0,
          planType,
          meals: selected.map((productId) => ({ productId, weight: 1 })),
        },
      ],
    }),
    enabled: Boolean(previewable),
  });

  if (data.status === 'not-found') return <NotFoundRoute />;
  const title = 'Start a plan';
  const back = { to: paths.dogs, label: 'Back to dogs' };
  if (data.status === 'loading' || data.status === 'error') {
    return <PlanPageState title={title} state={data} />;
  }
  if (data.status === 'ready') {
    return (
      <FullScreenPage title={`${data.dog.name} has a plan`} back={back}>
        <Text>{`${data.dog.name} is on a plan already: change it from the dogs page.`}</Text>
      </FullScreenPage>
    );
  }
  if (!ready?.subscription) return <PlanPageState title={title} state={data} />;
  const { dog } = ready;
  if (energy === null) {
    return (
      <FullScreenPage title={`Start ${dog.name}’s plan`} back={back}>
        <Text>{`Add ${dog.name}’s weight first, so we can size their portion.`}</Text>
        <Button component={Link} to={dogEditProfilePath(dog.identifier)}>
          Edit profile
        </Button>
      </FullScreenPage>
    );
  }
  if (!products.data || (recommendations.isPending && chosen === null)) {
    const failed = products.isError ? products : recommendations.isError ? recommendations : null;
    return (
      <FullScreenPage title={`Start ${dog.name}’s plan`} back={back}>
        {failed ? (
          <PageError error={failed.error} onRetry={() => failed.refetch()} />
        ) : (
          <PageLoading />
        )}
      </FullScreenPage>
    );
  }

  const sized = previewable ? preview.data?.feedingPlans[0] : undefined;
  const submit = () => {
    if (start.isPending) return;
    setFormError(null);
    const problem = mealChoiceProblem(selected, dog.name);
    if (problem) {
      setFormError(problem);
      return;
    }
    start.mutate(
      { animalId: dog.identifier, feedingPlanType: planType, productIds: selected },
      {
        onSuccess: (change) => {
          const plan = change.after?.feedingPlans.find((p) => p.animalId === dog.identifier);
          notify(
            plan
              ? `${dog.name}’s plan has started: ${plan.dailyGrams} g a day. Their meals are on your boxes to come.`
              : `${dog.name}’s plan has started. Their meals are on your boxes to come.`,
          );
          void navigate(paths.dogs);
        },
        onError: report,
      },
    );
  };

  return (
    <FullScreenPage
      title={`Start ${dog.name}’s plan`}
      back={back}
      intro={`Choose ${dog.name}’s meals and plan. You’ll see the daily portion and price before anything changes.`}
    >
      <PageForm onSubmit={submit} formError={formError}>
        <MealChoice
          meals={meals}
          value={selected}
          recommended={recommended}
          description={
            recommended.size > 0
              ? `The meals we recommend for ${dog.name} are ticked. They come in equal shares.`
              : 'They come in equal shares in each box.'
          }
          onChange={(value) => {
            setChosen(value);
            setFormError(null);
          }}
        />
        <PlanTypeChoice value={planType} onChange={setPlanType} />
        <section aria-labelledby="start-plan-summary">
          <Title order={2} fz="h4" id="start-plan-summary" mb="xs">
            {`${dog.name}’s plan`}
          </Title>
          {sized ? (
            <DetailList
              items={[
                { label: 'Daily portion', value: planPortionInWords({ ...sized, type: planType }) },
                {
                  label: 'Each box',
                  value: `${sized.totalPouches} pouches every ${cadenceInWeeks} weeks`,
                },
                {
                  label: 'Price',
                  value: `${formatCents(sized.totalPrice)} a box (${formatCents(sized.dailyPrice)} a day)`,
                },
              ]}
            />
          ) : preview.isError && previewable ? (
            <PageError error={preview.error} onRetry={() => preview.refetch()} />
          ) : previewable ? (
            <PageLoading />
          ) : (
            <Text c="dimmed">Choose at least one meal to see the portion and price.</Text>
          )}
        </section>
        <Button type="submit" loading={start.isPending}>
          Start plan
        </Button>
      </PageForm>
    </FullScreenPage>
  );
}
