import '../../../styles/mantine-forms.css';
import { Fieldset, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { DogDetailsFields } from '../../../features/dogs/components/dog-details-fields';
import { DogProfileFields } from '../../../features/dogs/components/dog-profile-fields';
import {
  dogDetailsSchema,
  dogProfileSchema,
  requiredWeight,
  toDogDetailsInput,
  toDogDetailsValues,
  toDogProfileInput,
  toDogProfileValues,
  type DogDetailsValues,
  type DogProfileValues,
} from '../../../features/dogs/utils/dog-form';
import { createSignUpDogs, useSignUpDogMetadata } from '../../../features/sign-up/api/sign-up-api';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { readDraft, updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { useSchemaForm } from '../../../lib/form';

type DogValues = DogDetailsValues & DogProfileValues;

/** A plan is sized by weight: the sign-up asks for it. */
const sizing = z.object({ weight: requiredWeight });

function DogForm({ n, initial }: { n: number; initial: DogValues }) {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const metadata = useSignUpDogMetadata();
  const completed = useStepCompleted('dog');
  const [today] = useState(todayAsCalendarDate);
  const last = n === draft.dogCount;
  const form = useSchemaForm({
    initialValues: initial,
    schema: dogDetailsSchema(today).extend(dogProfileSchema.shape).extend(sizing.shape),
    toBody: (values: DogValues) => values,
  });
  const submission = useSubmission({
    send: async (values: DogValues) => {
      const dogs = [...readDraft().dogs];
      dogs[n - 1] = values;
      updateDraft({ dogs, guestId: null, animalIds: [] });
      if (!last) return null;
      // Every dog told: the server keeps them under a guest id, for their plans.
      const kept = await createSignUpDogs(
        (dogs as DogValues[]).map((d) => ({ ...toDogDetailsInput(d), ...toDogProfileInput(d) })),
      );
      updateDraft({
        guestId: kept.guestId,
        animalIds: kept.dogs.map((d) => d.identifier),
        plans: kept.dogs.map((_, i) => readDraft().plans[i] ?? { planType: 'full_bowl' }),
      });
      return kept;
    },
    onSuccess: () => {
      completed({ dog: n, of: draft.dogCount });
      void navigate(last ? signUpPaths.email : signUpPaths.dog(n + 1));
    },
  });

  if (metadata.isPending) return <PageLoading />;
  if (metadata.isError) return <PageError error={metadata.error} onRetry={metadata.refetch} />;

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Continue" gap="lg">
      <Fieldset legend={<Text fw={700}>About them</Text>} variant="unstyled">
        <DogDetailsFields inputProps={form.getInputProps} breeds={metadata.data.breeds} />
      </Fieldset>
      <Fieldset legend={<Text fw={700}>Body, habits and health</Text>} variant="unstyled">
        <DogProfileFields
          inputProps={form.getInputProps}
          values={form.values}
          metadata={metadata.data}
          withHeightAndPreviousFoods
        />
      </Fieldset>
    </SchemaForm>
  );
}

/** /start/dogs/:n: one dog at a time. */
export default function DogRoute() {
  const draft = useSignUpDraft();
  const n = Number(useParams().n);
  if (!Number.isInteger(n) || n < 1 || n > draft.dogCount) {
    return <Navigate to={signUpPaths.dogs} replace />;
  }
  const initial = (draft.dogs[n - 1] as DogValues | undefined) ?? {
    ...toDogDetailsValues(),
    ...toDogProfileValues(),
  };
  return (
    <FunnelPage
      step="dog"
      title={
        draft.dogCount > 1
          ? `Tell us about dog ${n} of ${draft.dogCount}`
          : 'Tell us about your dog'
      }
      intro="We size their portion from their weight, age and activity, and leave out what they’re allergic to."
      back={{ to: n > 1 ? signUpPaths.dog(n - 1) : signUpPaths.dogs, label: 'Back' }}
    >
      <DogForm key={n} n={n} initial={initial} />
    </FunnelPage>
  );
}
