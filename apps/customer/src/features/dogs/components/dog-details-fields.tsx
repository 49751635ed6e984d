import { Checkbox, MultiSelect, Stack, TextInput } from '@mantine/core';

import { RadioChoice } from '../../../components/form/radio-choice';
import type { FieldErrors, SetField } from '../../../lib/form';
import type { Breed, Dog } from '../../../types/api';
import { MAX_BREEDS, MAX_DOG_NAME_LENGTH, type DogDetailsValues } from '../utils/dog-form';
import { GENDER_OPTIONS, NEUTERED_OPTIONS, toSelectOptions } from '../utils/dog-options';

type DogDetailsFieldsProps = {
  values: DogDetailsValues;
  errors: FieldErrors<DogDetailsValues>;
  setField: SetField<DogDetailsValues>;
  breeds: readonly Breed[];
  /** The dog being edited, so breeds no longer in the list still show. */
  dog?: Dog;
  /** YYYY-MM-DD: the latest date of birth the date picker offers. */
  today: string;
};

/** Name, date of birth, gender, neutered and breeds: shared by the add and edit-details pages. */
export function DogDetailsFields({
  values,
  errors,
  setField,
  breeds,
  dog,
  today,
}: DogDetailsFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        autoComplete="off"
        maxLength={MAX_DOG_NAME_LENGTH}
        value={values.name}
        onChange={(event) => setField('name', event.currentTarget.value)}
        error={errors.name}
      />
      <TextInput
        label="Date of birth"
        type="date"
        max={today}
        value={values.dateOfBirth}
        onChange={(event) => setField('dateOfBirth', event.currentTarget.value)}
        error={errors.dateOfBirth}
      />
      <Checkbox
        label="The date of birth is approximate"
        checked={values.dateOfBirthIsApproximate}
        onChange={(event) => setField('dateOfBirthIsApproximate', event.currentTarget.checked)}
      />
      <RadioChoice
        label="Gender"
        options={GENDER_OPTIONS}
        value={values.gender}
        onChange={(gender) => setField('gender', gender)}
        error={errors.gender}
      />
      <RadioChoice
        label="Neutered or spayed"
        options={NEUTERED_OPTIONS}
        value={values.isNeutered}
        onChange={(isNeutered) => setField('isNeutered', isNeutered)}
        error={errors.isNeutered}
      />
      <MultiSelect
        label="Breeds"
        description={`Up to ${MAX_BREEDS}. Type to search.`}
        data={toSelectOptions(breeds, dog?.breeds)}
        value={values.breeds}
        onChange={(slugs) => setField('breeds', slugs)}
        maxValues={MAX_BREEDS}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="No breed matches"
        error={errors.breeds}
      />
    </Stack>
  );
}
