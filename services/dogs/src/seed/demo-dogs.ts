import type { NewDogRow } from '../db/dog-store.js';

/** The demo customer's user id; the identity service seeds the same user. */
export const DEMO_CUSTOMER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';

/** Fixed, so other services' demo data (feeding plans, recommendations) can name the dogs. */
export const DEMO_DOG_IDS = {
  biscuit: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f51',
  ranger: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f52',
} as const;

/** The demo customer's two dogs, as rows (breed and allergen slugs from src/reference). */
export function demoDogRows(now: Date): NewDogRow[] {
  const common = { userId: DEMO_CUSTOMER_ID, createdAt: now, updatedAt: now, mealProductIds: [] };
  return [
    {
      ...common,
      id: DEMO_DOG_IDS.biscuit,
      name: 'Biscuit',
      breeds: ['cavoodle'],
      gender: 'female',
      isNeutered: true,
      dateOfBirth: '2021-03-14',
      dateOfBirthIsApproximate: false,
      weight: '8.5',
      bodyType: 'perfect',
      activityLevel: 'loves_to_play',
      eatingHabits: 'choosy',
      foodAllergies: ['chicken'],
      healthIssues: [],
      previousFoods: ['dry-food'],
    },
    {
      ...common,
      id: DEMO_DOG_IDS.ranger,
      name: 'Ranger',
      breeds: ['australian-kelpie'],
      gender: 'male',
      isNeutered: true,
      dateOfBirth: '2019-08-02',
      dateOfBirthIsApproximate: true,
      weight: '19',
      bodyType: 'slim',
      activityLevel: 'ball_of_energy',
      eatingHabits: 'eats_anything',
      foodAllergies: [],
      healthIssues: ['joint-issues'],
      previousFoods: ['dry-food', 'raw-food'],
    },
  ];
}
