import { MultiSelect, Stack, TextInput } from '@mantine/core';

import { RadioChoice } from '../../../components/form/radio-choice';
import type { FieldErrors, SetField } from '../../../lib/form';
import type { DogMetadata } from '../../../types/api';
import type { DogProfileValues } from '../utils/dog-form';
import {
  ACTIVITY_LEVEL_OPTIONS,
  BODY_TYPE_OPTIONS,
  EATING_HABIT_OPTIONS,
  toSelectOptions,
} from '../utils/dog-options';

type DogProfileFieldsProps = {
  values: DogProfileValues;
  errors: FieldErrors<DogProfileValues>;
  setField: SetField<DogProfileValues>;
  metadata: DogMetadata;
  /** The edit-profile page also asks for height and previous foods; adding a dog does not. */
  withHeightAndPreviousFoods?: boolean;
};

const slugs = (values: readonly string[]) => values.map((slug) => ({ slug }));

/** Weight, body, habits and health: shared by the add and edit-profile pages. */
export function DogProfileFields({
  values,
  errors,
  setField,
  metadata,
  withHeightAndPreviousFoods = false,
}: DogProfileFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Weight (kg)"
        inputMode="decimal"
        autoComplete="off"
        value={values.weight}
        onChange={(event) => setField('weight', event.currentTarget.value)}
        error={errors.weight}
      />
      {withHeightAndPreviousFoods ? (
        <TextInput
          label="Height at the shoulder (cm)"
          inputMode="decimal"
          autoComplete="off"
          value={values.height}
          onChange={(event) => setField('height', event.currentTarget.value)}
          error={errors.height}
        />
      ) : null}
      <RadioChoice
        label="Body type"
        options={BODY_TYPE_OPTIONS}
        value={values.bodyType}
        onChange={(bodyType) => setField('bodyType', bodyType)}
        error={errors.bodyType}
      />
      <RadioChoice
        label="Activity level"
        options={ACTIVITY_LEVEL_OPTIONS}
        value={values.activityLevel}
        onChange={(activityLevel) => setField('activityLevel', activityLevel)}
        error={errors.activityLevel}
      />
      <RadioChoice
        label="Eating habits"
        options={EATING_HABIT_OPTIONS}
        value={values.eatingHabits}
        onChange={(eatingHabits) => setField('eatingHabits', eatingHabits)}
        error={errors.eatingHabits}
      />
      <MultiSelect
        label="Allergies"
        description="Type to search."
        data={toSelectOptions(metadata.foodAllergens, slugs(values.foodAllergies))}
        value={values.foodAllergies}
        onChange={(next) => setField('foodAllergies', next)}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="No allergy matches"
        error={errors.foodAllergies}
      />
      <MultiSelect
        label="Health issues"
        description="Type to search."
        data={toSelectOptions(metadata.healthIssues, slugs(values.healthIssues))}
        value={values.healthIssues}
        onChange={(next) => setField('healthIssues', next)}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="No health issue matches"
        error={errors.healthIssues}
      />
      {withHeightAndPreviousFoods ? (
        <MultiSelect
          label="Previous foods"
          description="What your dog has eaten before. Type to search."
          data={toSelectOptions(metadata.foodTypes, slugs(values.previousFoods))}
          value={values.previousFoods}
          onChange={(next) => setField('previousFoods', next)}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No food matches"
          error={errors.previousFoods}
        />
      ) : null}
    </Stack>
  );
}
