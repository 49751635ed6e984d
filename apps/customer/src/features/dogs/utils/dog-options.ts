import type { Breed, ReferenceItem } from '@pawfresh/contracts/dogs';
import type { ActivityLevel, BodyType, DogGender, EatingHabit } from '@pawfresh/contracts/enums';

import type { ChoiceOption } from '../../../components/form/radio-choice';

// What people read for the dogs contract's enumerations (services.md §9).

export const GENDER_OPTIONS: readonly ChoiceOption<DogGender>[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export type NeuteredChoice = 'yes' | 'no';

export const NEUTERED_OPTIONS: readonly ChoiceOption<NeuteredChoice>[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export const BODY_TYPE_OPTIONS: readonly ChoiceOption<BodyType>[] = [
  { value: 'slim', label: 'Slim' },
  { value: 'perfect', label: 'Perfect' },
  { value: 'chunky', label: 'Chunky' },
];

export const ACTIVITY_LEVEL_OPTIONS: readonly ChoiceOption<ActivityLevel>[] = [
  { value: 'chilled', label: 'Chilled' },
  { value: 'loves_to_play', label: 'Loves to play' },
  { value: 'ball_of_energy', label: 'Ball of energy' },
];

export const EATING_HABIT_OPTIONS: readonly ChoiceOption<EatingHabit>[] = [
  { value: 'very_fussy', label: 'Very fussy' },
  { value: 'choosy', label: 'Choosy' },
  { value: 'eats_anything', label: 'Eats anything' },
];

export type SelectOption = { value: string; label: string };

/**
 * Options for a multi-select of reference data (value = slug). Slugs already chosen but no longer
 * in the list are kept, so editing a dog never drops them silently.
 */
export function toSelectOptions(
  items: readonly (Breed | ReferenceItem)[],
  chosen: readonly { slug: string; name?: string }[] = [],
): SelectOption[] {
  const options = items.map((item) => ({ value: item.slug, label: item.name }));
  const known = new Set(options.map((option) => option.value));
  for (const item of chosen) {
    if (!known.has(item.slug)) options.push({ value: item.slug, label: item.name ?? item.slug });
  }
  return options;
}
