import '../../../styles/mantine-forms.css';
import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import type { CustomerDog } from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';
import { z } from 'zod';
import type { ReactNode } from 'react';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useAddDog } from '../api/add-dog';
import {
  dogDetailsSchema,
  dogProfileSchema,
  requiredWeight,
  toDogDetailsInput,
  toDogDetailsValues,
  toDogProfileInput,
  toDogProfileValues,
} from '../utils/dog-form';
import { DogDetailsFields } from './dog-details-fields';
import { DogProfileFields } from './dog-profile-fields';

function Legend({ children }: { children: ReactNode }) {
  return (
    <Text component="span" fw={700} fz="lg" mb="sm" display="block">
      {children}
    </Text>
  );
}

type AddDogFormProps = {
  metadata: DogMetadata;
  /** The meals a customer may choose (the customer API answers only the visible ones). */
  meals: readonly { id: string; name: string }[];
  today: string;
  onSuccess: (dog: CustomerDog) => void;
};

/**
 * What a new dog needs to be fed (issue 28: a dog added without meals never got a plan): its
 * weight, for its energy and portion, and at least one meal. The server then makes its plan on
 * the subscription and puts it on the boxes to come (add-animal-to-subscription).
 */
const feedingSchema = z.object({
  weight: requiredWeight,
  productIds: z.array(z.string()).min(1, { error: 'Choose at least one meal' }),
});

/** /dogs/add: POST /dogs with the dog and the meals chosen for it. */
export function AddDogForm({ metadata, meals, today, onSuccess }: AddDogFormProps) {
  const form = useSchemaForm({
    initialValues: {
      ...toDogDetailsValues(),
      ...toDogProfileValues(),
      productIds: [] as string[],
    },
    schema: dogDetailsSchema(today).extend(dogProfileSchema.shape).extend(feedingSchema.shape),
    toBody: (values) => ({
      dog: { ...toDogDetailsInput(values), ...toDogProfileInput(values) },
      productIds: values.productIds,
    }),
  });
  const addDog = useAddDog();
  const submission = useSubmission({ send: addDog.mutateAsync, onSuccess });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Add dog" gap="lg">
      <Fieldset legend={<Legend>About your dog</Legend>} variant="unstyled">
        <DogDetailsFields inputProps={form.getInputProps} breeds={metadata.breeds} />
      </Fieldset>
      <Fieldset legend={<Legend>Body, habits and health</Legend>} variant="unstyled">
        <DogProfileFields
          inputProps={form.getInputProps}
          values={form.values}
          metadata={metadata}
        />
      </Fieldset>
      <Fieldset legend={<Legend>Their meals</Legend>} variant="unstyled">
        <Checkbox.Group
          label="Meals"
          description="They come in equal shares in each box; you can change them later."
          {...form.getInputProps('productIds')}
        >
          <Stack gap="xs" mt="xs">
            {meals.map((meal) => (
              <Checkbox key={meal.id} value={meal.id} label={meal.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Fieldset>
    </SchemaForm>
  );
}
