import '../../../styles/mantine-forms.css';
import { Button, NativeSelect, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams, type LoaderFunction } from 'react-router';
import { servingSizeCodes } from '@pawfresh/contracts/subscription';

import { FormAlert } from '../../../components/form/form-alert';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths, planPaths } from '../../../config/paths';
import { PlanPageState } from '../../../features/subscriptions/components/plan-page-state';
import {
  describeGrams,
  planPortionInWords,
} from '../../../features/subscriptions/utils/plan-words';
import NotFoundRoute from '../not-found';
import { planEditLoader, usePlanRouteData } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return planEditLoader(queryClient);
}

const gramsOf = (code: string) => Number(code.slice(1));

/** The allowed daily serving sizes (services.md §9), smallest first. */
const SIZES = [...servingSizeCodes].sort((a, b) => gramsOf(a) - gramsOf(b));

/**
 * /dogs/{animalId}/{feedingPlanId}/edit-serving-size: choose a new daily portion, then review it
 * (customer-app.md §4: serving size changes have a review step, then an apply step).
 */
export default function EditServingSizeRoute() {
  const { animalId, feedingPlanId } = useParams();
  const data = usePlanRouteData(animalId, feedingPlanId);
  const navigate = useNavigate();
  // ?servingSize= preselects a portion (the one a profile change offered), when it is a size.
  const [search] = useSearchParams();
  const offered = SIZES.find((code) => code === search.get('servingSize')) ?? null;
  const [choice, setChoice] = useState<string | null>(offered);
  const [message, setMessage] = useState<string | null>(null);

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') return <PlanPageState title="Change portion" state={data} />;
  const { dog, plan } = data;
  const selected = choice ?? plan.servingSize;
  const now = planPortionInWords(plan);

  return (
    <FullScreenPage
      title={`Change ${dog.name}’s portion`}
      back={{ to: paths.dogs, label: 'Back to dogs' }}
      intro={`${dog.name} has ${now} now. Choose a new daily portion: you’ll see what it does to your boxes and price before anything changes.`}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (selected === plan.servingSize) {
            setMessage(`That’s ${dog.name}’s portion already: choose another one.`);
            return;
          }
          const search = new URLSearchParams({ servingSize: selected }).toString();
          void navigate(`${planPaths.servingSize(dog.identifier, plan.id, 'review')}?${search}`);
        }}
      >
        <Stack gap="md">
          <FormAlert message={message} />
          <NativeSelect
            label="New daily portion"
            value={selected}
            onChange={(event) => {
              setMessage(null);
              setChoice(event.currentTarget.value);
            }}
            data={SIZES.map((code) => ({
              value: code,
              label: `${describeGrams(gramsOf(code))}${code === plan.servingSize ? ' (now)' : ''}`,
            }))}
          />
          <Text size="sm" c="dimmed">
            A bigger portion means more pouches in each box and a higher price per box.
          </Text>
          <Button type="submit">Review the change</Button>
        </Stack>
      </form>
    </FullScreenPage>
  );
}
