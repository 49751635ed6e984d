import type { CustomerDog, CustomerDogProfileChange } from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useUpdateDogProfile } from '../api/update-dog-profile';
import { dogProfileSchema, toDogProfileInput, toDogProfileValues } from '../utils/dog-form';
import { DogProfileFields } from './dog-profile-fields';

type EditDogProfileFormProps = {
  dog: CustomerDog;
  metadata: DogMetadata;
  onSuccess: (change: CustomerDogProfileChange) => void;
};

/** /dogs/{animalId}/edit/profile: POST /dog/update-profile with { dogId, dogProfileInput }. */
export function EditDogProfileForm({ dog, metadata, onSuccess }: EditDogProfileFormProps) {
  const form = useSchemaForm({
    initialValues: toDogProfileValues(dog),
    schema: dogProfileSchema,
    toBody: (values) => ({ dogId: dog.identifier, dogProfileInput: toDogProfileInput(values) }),
  });
  const updateProfile = useUpdateDogProfile();
  const submission = useSubmission({ send: updateProfile.mutateAsync, onSuccess });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Save profile" gap="lg">
      <DogProfileFields
        inputProps={form.getInputProps}
        values={form.values}
        metadata={metadata}
        withHeightAndPreviousFoods
      />
    </SchemaForm>
  );
}
