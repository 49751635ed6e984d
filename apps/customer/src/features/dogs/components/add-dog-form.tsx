import { Button, Fieldset, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields, type SetField } from '../../../lib/form';
import type { Dog, DogMetadata } from '../../../types/api';
import { useAddDog } from '../api/add-dog';
import {
  toDogDetailsInput,
  toDogDetailsValues,
  toDogProfileInput,
  toDogProfileValues,
  validateDogDetails,
  validateDogProfile,
  type DogDetailsValues,
  type DogProfileValues,
} from '../utils/dog-form';
import { DogDetailsFields } from './dog-details-fields';
import { DogProfileFields } from './dog-profile-fields';

type AddDogValues = DogDetailsValues & DogProfileValues;

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
  onSuccess: (dog: Dog) => void;
};

/** /dogs/add: POST /dogs with the dog and no meals yet (productIds: []). */
export function AddDogForm({ metadata, today, onSuccess }: AddDogFormProps) {
  const { values, setField, errors, applyValidation } = useFormFields<AddDogValues>(() => ({
    ...toDogDetailsValues(),
    ...toDogProfileValues(),
  }));
  // Both parts' keys are keys of the whole form, with the same value types.
  const setDetailsField = setField as SetField<DogDetailsValues>;
  const setProfileField = setField as SetField<DogProfileValues>;
  const addDog = useAddDog();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addDog.isPending) return;
    clearFormError();
    const valid = applyValidation(event.currentTarget, {
      ...validateDogDetails(values, today),
      ...validateDogProfile(values),
    });
    if (!valid) return;
    addDog.mutate(
      { dog: { ...toDogDetailsInput(values), ...toDogProfileInput(values) }, productIds: [] },
      { onSuccess, onError: handleError },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="lg">
        <FormAlert message={formError} />
        <Fieldset legend={<Legend>About your dog</Legend>} variant="unstyled">
          <DogDetailsFields
            values={values}
            errors={errors}
            setField={setDetailsField}
            breeds={metadata.breeds}
            today={today}
          />
        </Fieldset>
        <Fieldset legend={<Legend>Body, habits and health</Legend>} variant="unstyled">
          <DogProfileFields
            values={values}
            errors={errors}
            setField={setProfileField}
            metadata={metadata}
          />
        </Fieldset>
        <Button type="submit" loading={addDog.isPending}>
          Add dog
        </Button>
      </Stack>
    </form>
  );
}
