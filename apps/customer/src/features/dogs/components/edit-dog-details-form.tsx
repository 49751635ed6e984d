import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields } from '../../../lib/form';
import type { Breed, Dog } from '../../../types/api';
import { useUpdateDog } from '../api/update-dog';
import {
  toDogDetailsInput,
  toDogDetailsValues,
  validateDogDetails,
  type DogDetailsValues,
} from '../utils/dog-form';
import { DogDetailsFields } from './dog-details-fields';

type EditDogDetailsFormProps = {
  dog: Dog;
  breeds: readonly Breed[];
  today: string;
  onSuccess: (dog: Dog) => void;
};

/** /dogs/{animalId}/edit/details: PATCH /dogs/{id} with { dog }. */
export function EditDogDetailsForm({ dog, breeds, today, onSuccess }: EditDogDetailsFormProps) {
  const { values, setField, errors, applyValidation } = useFormFields<DogDetailsValues>(() =>
    toDogDetailsValues(dog),
  );
  const updateDog = useUpdateDog();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateDog.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validateDogDetails(values, today))) return;
    updateDog.mutate(
      { dogId: dog.identifier, dog: toDogDetailsInput(values) },
      { onSuccess, onError: handleError },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="lg">
        <FormAlert message={formError} />
        <DogDetailsFields
          values={values}
          errors={errors}
          setField={setField}
          breeds={breeds}
          dog={dog}
          today={today}
        />
        <Button type="submit" loading={updateDog.isPending}>
          Save details
        </Button>
      </Stack>
    </form>
  );
}
