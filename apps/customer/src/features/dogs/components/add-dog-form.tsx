import '../../../styles/mantine-forms.css';
import { Fieldset, Text } from '@mantine/core';
import type { CustomerDog } from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';
import type { ReactNode } from 'react';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useAddDog } from '../api/add-dog';
import {
  dogDetailsSchema,
  dogProfileSchema,
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
  today: string;
  onSuccess: (dog: CustomerDog) => void;
};

/** /dogs/add: POST /dogs with the dog and no meals yet (productIds: []). */
export function AddDogForm({ metadata, today, onSuccess }: AddDogFormProps) {
  const form = useSchemaForm({
    initialValues: { ...toDogDetailsValues(), ...toDogProfileValues() },
    schema: dogDetailsSchema(today).extend(dogProfileSchema.shape),
    toBody: (values) => ({
      dog: { ...toDogDetailsInput(values), ...toDogProfileInput(values) },
      productIds: [],
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
    </SchemaForm>
  );
}
