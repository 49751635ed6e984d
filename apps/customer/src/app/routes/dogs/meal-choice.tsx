import '../../../styles/mantine-forms.css';
import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import type { CustomerProduct } from '@pawfresh/contracts/account';

import { ProductImage } from '../../../components/ui/product-image';
import { productImage } from '../../../features/orders/utils/box-contents';
import {
  CHOOSABLE_PLAN_TYPES,
  PLAN_TYPE_WORDS,
} from '../../../features/subscriptions/utils/plan-words';

/** A feeding plan has at most 7 meals (the contract's rule). */
export const MAX_MEALS = 7;

/** What is wrong with a choice of meals, in the customer's words (null: nothing). */
export function mealChoiceProblem(selected: readonly string[], dogName: string): string | null {
  if (selected.length === 0) return `Choose at least one meal for ${dogName}`;
  if (selected.length > MAX_MEALS) return `Choose at most ${MAX_MEALS} meals`;
  return null;
}

export type ChoosablePlanType = (typeof CHOOSABLE_PLAN_TYPES)[number];

/** Full or half bowl, each with what it means (the plan and start-plan pages). */
export function PlanTypeChoice({
  value,
  onChange,
}: {
  value: ChoosablePlanType;
  onChange: (value: ChoosablePlanType) => void;
}) {
  return (
    <Radio.Group label="Plan" value={value} onChange={(v) => onChange(v as ChoosablePlanType)}>
      <Stack gap="sm" mt="xs">
        {CHOOSABLE_PLAN_TYPES.map((type) => (
          <Radio
            key={type}
            value={type}
            label={PLAN_TYPE_WORDS[type].name}
            description={PLAN_TYPE_WORDS[type].detail}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The meals of a dog's plan, with their pictures (the meals and start-plan pages). */
export function MealChoice({
  meals,
  value,
  onChange,
  recommended,
  description,
}: {
  meals: readonly CustomerProduct[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Meal ids recommended for the dog: marked as such. */
  recommended?: ReadonlySet<string>;
  description?: string;
}) {
  return (
    <>
      <Checkbox.Group label="Meals" description={description} value={value} onChange={onChange}>
        <Stack gap="sm" mt="xs">
          {meals.map((meal) => (
            <Group key={meal.id} gap="sm" wrap="nowrap">
              <ProductImage src={productImage(meal)} size={48} />
              <Checkbox
                value={meal.id}
                label={meal.name}
                description={recommended?.has(meal.id) ? 'Recommended' : undefined}
              />
            </Group>
          ))}
        </Stack>
      </Checkbox.Group>
      {meals.length === 0 ? <Text>No meals to choose from just now.</Text> : null}
    </>
  );
}
