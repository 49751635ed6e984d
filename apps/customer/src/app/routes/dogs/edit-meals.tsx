import { Button } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import { useProducts } from '../../../features/products/api/get-products';
import {
  updateRecipes,
  useSubscriptionChange,
} from '../../../features/subscriptions/api/subscription-changes';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import { listInWords } from '../../../components/feedback/success-notice';
import NotFoundRoute from '../not-found';
import { MealChoice, mealChoiceProblem } from './meal-choice';
import { planAndMealsLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planAndMealsLoader(queryClient);
}

/**
 * /dogs/{animalId}/edit/meals: which meals the dog's plan has, in equal shares (update-recipes).
 * The boxes before their cut-off follow.
 */
export default function EditMealsRoute() {
  const { animalId } = useParams();
  const data = usePlanRouteData(animalId);
  const products = useProducts();
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const save = useSubscriptionChange(updateRecipes);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const { formError, setFormError, report } = useFailureReport();

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready' || !products.data) {
    return (
      <PlanPageState
        title="Change meals"
        state={
          data.status === 'ready'
            ? products.isError
              ? { status: 'error', error: products.error, retry: () => products.refetch() }
              : { status: 'loading' }
            : data
        }
      />
    );
  }
  const { dog, plan, subscription } = data;
  // The customer API answers only the meals customers may see (docs/product-rules.md).
  const meals = products.data.meals;
  const current = plan.skus.map((s) => s.productId);
  const selected = chosen ?? current;

  const submit = () => {
    if (save.isPending) return;
    setFormError(null);
    const problem = mealChoiceProblem(selected, dog.name);
    if (problem) {
      setFormError(problem);
      return;
    }
    if ([...selected].sort().join() === [...current].sort().join()) {
      setFormError(`These are ${dog.name}’s meals already.`);
      return;
    }
    const skus = selected.map((productId) => {
      const inPlan = plan.skus.find((s) => s.productId === productId);
      const product = meals.find((m) => m.id === productId);
      return {
        productVariantId: inPlan?.productVariantId ?? product!.variants[0]!.id,
        ratio: 1 / selected.length,
      };
    });
    save.mutate(
      {
        subscriptionId: subscription.id,
        feedingPlanId: plan.id,
        skus,
        version: subscription.version,
      },
      {
        onSuccess: () => {
          const names = selected.map((id) => meals.find((m) => m.id === id)?.name ?? 'a meal');
          notify(`${dog.name}’s meals are now ${listInWords(names)}.`);
          void navigate(paths.dogs);
        },
        onError: report,
      },
    );
  };

  return (
    <FullScreenPage
      title={`Change ${dog.name}’s meals`}
      back={{ to: paths.dogs, label: 'Back to dogs' }}
      intro="Choose the meals in each box. They come in equal shares; boxes past their cut-off keep what they have."
    >
      <PageForm onSubmit={submit} formError={formError}>
        <MealChoice
          meals={meals}
          value={selected}
          onChange={(value) => {
            setChosen(value);
            setFormError(null);
          }}
        />
        <Button type="submit" loading={save.isPending}>
          Save meals
        </Button>
      </PageForm>
    </FullScreenPage>
  );
}
