import '../../../styles/mantine-forms.css';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { SignUpPlans } from '@pawfresh/contracts/account-sign-up';
import type { FeedingPlanType } from '@pawfresh/contracts/subscription';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FormAlert } from '../../../components/form/form-alert';
import { failureOf } from '../../../components/form/use-submission';
import { useProducts } from '../../../features/products/api/get-products';
import { useSignUpPlans } from '../../../features/sign-up/api/sign-up-api';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { PriceSummary } from '../../../features/sign-up/components/price-summary';
import { updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { plansInputOf } from '../../../features/sign-up/plans-input';
import { signUpPaths } from '../../../features/sign-up/steps';
import { formatCents, formatNumber } from '../../../lib/format';

const PLAN_TYPES = [
  { value: 'full_bowl', label: 'Full bowl' },
  { value: 'half_bowl', label: 'Half bowl' },
];

/** /start/plan: each dog's recommended plan, changed in place with a live price. */
export default function PlanRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('plan');
  const products = useProducts();
  const [code, setCode] = useState(draft.promotionCode);
  const input = plansInputOf(draft);
  const priced = useSignUpPlans(input);

  if (!draft.guestId) return <Navigate to={signUpPaths.dogs} replace />;

  const failure = priced.isError ? failureOf(priced.error) : null;
  const codeRefused = failure && typeof failure === 'object' && draft.promotionCode !== '';
  const setPlan = (i: number, change: { planType?: FeedingPlanType; productIds?: string[] }) => {
    const plans = [...draft.plans];
    const current = plans[i] ?? { planType: 'full_bowl' as const };
    plans[i] = { ...current, ...change };
    updateDraft({ plans });
  };
  const data: SignUpPlans | undefined = priced.data;

  return (
    <FunnelPage
      step="plan"
      title={draft.dogCount > 1 ? 'Your dogs’ plans' : 'Your dog’s plan'}
      intro="Recommended from what you told us. Change anything: the price follows."
      back={{ to: signUpPaths.email, label: 'Back' }}
      wide
    >
      {priced.isPending ? (
        <PageLoading />
      ) : priced.isError && !data && !codeRefused ? (
        <PageError error={priced.error} onRetry={priced.refetch} />
      ) : (
        <Stack gap="lg">
          {codeRefused ? (
            <FormAlert
              message={`Your code can’t be used: ${(failure as { message: string }).message}`}
            />
          ) : null}
          {data?.plans.map((plan, i) => {
            const name = draft.dogs[i]?.name ?? `Dog ${i + 1}`;
            return (
              <Paper key={plan.animalId} withBorder radius="lg" p="md">
                <Stack gap="sm">
                  <Group justify="space-between" align="baseline">
                    <Title order={2} size="h3">
                      {name}
                    </Title>
                    <Text fw={600}>{formatCents(plan.feedingPlan.dailyPrice)} a day</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatNumber(plan.feedingPlan.dailyEnergyKilocalories)} kcal and{' '}
                    {formatNumber(plan.feedingPlan.currentDailyServingSizeInGrams)} g a day,{' '}
                    {plan.feedingPlan.totalPouches} pouches of{' '}
                    {plan.feedingPlan.currentPouchSizeInGrams} g a box:{' '}
                    {formatCents(plan.feedingPlan.totalPrice)}
                  </Text>
                  <SegmentedControl
                    aria-label={`${name}’s bowl`}
                    data={PLAN_TYPES}
                    value={plan.plan.feedingPlanType}
                    onChange={(value) =>
                      setPlan(i, {
                        planType: value as FeedingPlanType,
                        productIds: plan.productIds,
                      })
                    }
                  />
                  <Checkbox.Group
                    label="Recipes"
                    description="In equal shares. We ticked the ones that suit their allergies and health."
                    value={plan.productIds}
                    onChange={(productIds) => {
                      if (productIds.length > 0) setPlan(i, { productIds });
                    }}
                  >
                    <Stack gap="xs" mt="xs">
                      {(products.data?.meals ?? []).map((meal) => (
                        <Checkbox key={meal.id} value={meal.id} label={meal.name} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </Stack>
              </Paper>
            );
          })}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              updateDraft({ promotionCode: code.trim() });
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Promotion code"
                autoComplete="off"
                maxLength={250}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="light">
                Apply
              </Button>
            </Group>
          </form>
          {data ? (
            <Stack gap="xs" aria-live="polite" aria-busy={priced.isFetching}>
              {priced.isFetching ? <Loader size="sm" aria-label="Updating the price" /> : null}
              <PriceSummary priced={data} />
            </Stack>
          ) : null}
          <Button
            disabled={!data || priced.isFetching || Boolean(codeRefused)}
            onClick={() => {
              if (!data) return;
              updateDraft({
                plans: data.plans.map((p) => ({
                  planType: p.plan.feedingPlanType,
                  productIds: p.productIds,
                })),
              });
              completed({
                plans: data.plans.map((p) => p.plan.feedingPlanType),
                firstBoxPrice: data.firstBoxPrice,
                promotion: data.promotion?.code ?? null,
              });
              void navigate(signUpPaths.delivery);
            }}
          >
            Choose my first delivery
          </Button>
        </Stack>
      )}
    </FunnelPage>
  );
}
