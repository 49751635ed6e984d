import type { CustomerDog } from '@pawfresh/contracts/account';
import type { Breed } from '@pawfresh/contracts/dogs';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useUpdateDog } from '../api/update-dog';
import { dogDetailsSchema, toDogDetailsInput, toDogDetailsValues } from '../utils/dog-form';
import { DogDetailsFields } from './dog-details-fields';

type EditDogDetailsFormProps = {
  dog: CustomerDog;
  breeds: readonly Breed[];
  today: string;
  onSuccess: (dog: CustomerDog) => void;
};

/** /dogs/{animalId}/edit/details: PATCH /dogs/{id} with { dog }. */
export function EditDogDetailsForm({ dog, breeds, today, onSuccess }: EditDogDetailsFormProps) {
  const form = useSchemaForm({
    initialValues: toDogDetailsValues(dog),
    schema: dogDetailsSchema(today),
    toBody: (values) => ({ dogId: dog.identifier, dog: toDogDetailsInput(values) }),
  });
  const updateDog = useUpdateDog();
  const submission = useSubmission({ send: updateDog.mutateAsync, onSuccess });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Save details" gap="lg">
      <DogDetailsFields inputProps={form.getInputProps} breeds={breeds} dog={dog} />
    </SchemaForm>
  );
}
