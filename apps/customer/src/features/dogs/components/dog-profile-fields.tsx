import '../../../styles/mantine-forms.css';
import '../../../styles/mantine-select.css';
import { MultiSelect, Stack, TextInput } from '@mantine/core';
import type { DogMetadata, ReferenceItem } from '@pawfresh/contracts/dogs';

import { RadioChoice } from '../../../components/form/radio-choice';
import type { InputPropsOf } from '../../../lib/form';
import type { DogProfileValues } from '../utils/dog-form';
import {
  ACTIVITY_LEVEL_OPTIONS,
  BODY_TYPE_OPTIONS,
  EATING_HABIT_OPTIONS,
  toSelectOptions,
} from '../utils/dog-options';

type DogProfileFieldsProps = {
  inputProps: InputPropsOf<DogProfileValues>;
  values: DogProfileValues;
  metadata: DogMetadata;
  /** The edit-profile page also asks for height and previous foods; adding a dog does not. */
  withHeightAndPreviousFoods?: boolean;
};

type SlugListField = 'foodAllergies' | 'healthIssues' | 'previousFoods';

/** Weight, body, habits and health: shared by the add and edit-profile pages. */
export function DogProfileFields({
  inputProps,
  values,
  metadata,
  withHeightAndPreviousFoods = false,
}: DogProfileFieldsProps) {
  /** A searchable multi-select of reference data; chosen slugs missing from the list still show. */
  const slugList = (
    field: SlugListField,
    items: readonly ReferenceItem[],
    label: string,
    description: string,
    nothingFoundMessage: string,
  ) => (
    <MultiSelect
      label={label}
      description={description}
      data={toSelectOptions(
        items,
        values[field].map((slug) => ({ slug })),
      )}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={nothingFoundMessage}
      {...inputProps(field)}
    />
  );

  return (
    <Stack gap="md">
      <TextInput
        label="Weight (kg)"
        inputMode="decimal"
        autoComplete="off"
        {...inputProps('weight')}
      />
      {withHeightAndPreviousFoods ? (
        <TextInput
          label="Height at the shoulder (cm)"
          inputMode="decimal"
          autoComplete="off"
          {...inputProps('height')}
        />
      ) : null}
      <RadioChoice label="Body type" options={BODY_TYPE_OPTIONS} {...inputProps('bodyType')} />
      <RadioChoice
        label="Activity level"
        options={ACTIVITY_LEVEL_OPTIONS}
        {...inputProps('activityLevel')}
      />
      <RadioChoice
        label="Eating habits"
        options={EATING_HABIT_OPTIONS}
        {...inputProps('eatingHabits')}
      />
      {slugList(
        'foodAllergies',
        metadata.foodAllergens,
        'Allergies',
        'Type to search.',
        'No allergy matches',
      )}
      {slugList(
        'healthIssues',
        metadata.healthIssues,
        'Health issues',
        'Type to search.',
        'No health issue matches',
      )}
      {withHeightAndPreviousFoods
        ? slugList(
            'previousFoods',
            metadata.foodTypes,
            'Previous foods',
            'What your dog has eaten before. Type to search.',
            'No food matches',
          )
        : null}
    </Stack>
  );
}
