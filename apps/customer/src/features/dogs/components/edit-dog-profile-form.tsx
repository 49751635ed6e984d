import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields } from '../../../lib/form';
import type { Dog, DogMetadata } from '../../../types/api';
import { useUpdateDogProfile } from '../api/update-dog-profile';
import {
  toDogProfileInput,
  toDogProfileValues,
  validateDogProfile,
  type DogProfileValues,
} from '../utils/dog-form';
import { DogProfileFields } from './dog-profile-fields';

type EditDogProfileFormProps = {
  dog: Dog;
  metadata: DogMetadata;
  onSuccess: (dog: Dog) => void;
};

/** /dogs/{animalId}/edit/profile: POST /dog/update-profile with { dogId, dogProfileInput }. */
export function EditDogProfileForm({ dog, metadata, onSuccess }: EditDogProfileFormProps) {
  const { values, setField, errors, applyValidation } = useFormFields<DogProfileValues>(() =>
    toDogProfileValues(dog),
  );
  const updateProfile = useUpdateDogProfile();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateProfile.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validateDogProfile(values))) return;
    updateProfile.mutate(
      { dogId: dog.identifier, dogProfileInput: toDogProfileInput(values) },
      { onSuccess, onError: handleError },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="lg">
        <FormAlert message={formError} />
        <DogProfileFields
          values={values}
          errors={errors}
          setField={setField}
          metadata={metadata}
          withHeightAndPreviousFoods
        />
        <Button type="submit" loading={updateProfile.isPending}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
