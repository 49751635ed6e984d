import '../../../styles/mantine-forms.css';
import '../../../styles/mantine-select.css';
import { Checkbox, MultiSelect, Stack, TextInput } from '@mantine/core';
import type { CustomerDog } from '@pawfresh/contracts/account';
import type { Breed } from '@pawfresh/contracts/dogs';
import { MAX_BREEDS, MAX_DOG_NAME_LENGTH } from '@pawfresh/contracts/fields';

import { DayMonthYearInput } from '../../../components/form/day-month-year-input';
import { RadioChoice } from '../../../components/form/radio-choice';
import type { InputPropsOf } from '../../../lib/form';
import type { DogDetailsValues } from '../utils/dog-form';
import { GENDER_OPTIONS, NEUTERED_OPTIONS, toSelectOptions } from '../utils/dog-options';

type DogDetailsFieldsProps = {
  inputProps: InputPropsOf<DogDetailsValues>;
  breeds: readonly Breed[];
  /** The dog being edited, so breeds no longer in the list still show. */
  dog?: CustomerDog;
  /** YYYY-MM-DD: the latest date of birth the date picker offers. */
};

/** Name, date of birth, gender, neutered and breeds: shared by the add and edit-details pages. */
export function DogDetailsFields({ inputProps, breeds, dog }: DogDetailsFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        autoComplete="off"
        maxLength={MAX_DOG_NAME_LENGTH}
        {...inputProps('name')}
      />
      <DayMonthYearInput label="Date of birth" {...inputProps('dateOfBirth')} />
      <Checkbox
        label="The date of birth is approximate"
        {...inputProps('dateOfBirthIsApproximate', { type: 'checkbox' })}
      />
      <RadioChoice label="Gender" options={GENDER_OPTIONS} {...inputProps('gender')} />
      <RadioChoice
        label="Neutered or spayed"
        options={NEUTERED_OPTIONS}
        {...inputProps('isNeutered')}
      />
      <MultiSelect
        label="Breeds"
        description={`Up to ${MAX_BREEDS}. Type to search.`}
        data={toSelectOptions(breeds, dog?.breeds)}
        maxValues={MAX_BREEDS}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="No breed matches"
        {...inputProps('breeds')}
      />
    </Stack>
  );
}
