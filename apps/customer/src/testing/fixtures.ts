import type {
  AccountResponse,
  CustomerDog as Dog,
  CustomerProduct as Product,
  Profile,
} from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';
import type { Address } from '@pawfresh/contracts/fields';

// Contract-shaped sample data (packages/contracts/src/account.ts, dogs.ts, fields.ts).

export const USER_ID = '7b0c2f1e-1111-4aaa-8bbb-000000000001';

export const profile: Profile = {
  cognitoUserId: USER_ID,
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam@example.com',
  phoneNumber: '0412345678',
};

export const address: Address = {
  addressId: '7b0c2f1e-2222-4aaa-8bbb-000000000001',
  cognitoUserId: USER_ID,
  isDefault: true,
  address1: '12 Wattle Street',
  address2: null,
  suburb: 'Fitzroy',
  city: 'Melbourne',
  state: 'VIC',
  postCode: '3065',
  countryCode: 'AU',
  deliveryInstructions: 'Leave at the side gate',
  companyName: null,
};

export const metadata: DogMetadata = {
  breeds: [
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000001',
      name: 'Border Collie',
      slug: 'border-collie',
      minWeightKg: 14,
      maxWeightKg: 20,
    },
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000002',
      name: 'Kelpie',
      slug: 'kelpie',
      minWeightKg: 11,
      maxWeightKg: 20,
    },
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000003',
      name: 'Labrador Retriever',
      slug: 'labrador-retriever',
      minWeightKg: 25,
      maxWeightKg: 36,
    },
  ],
  healthIssues: [
    { identifier: '7b0c2f1e-4444-4aaa-8bbb-000000000001', name: 'Arthritis', slug: 'arthritis' },
    {
      identifier: '7b0c2f1e-4444-4aaa-8bbb-000000000002',
      name: 'Kidney disease',
      slug: 'kidney-disease',
    },
  ],
  foodTypes: [
    { identifier: '7b0c2f1e-5555-4aaa-8bbb-000000000001', name: 'Dry food', slug: 'dry-food' },
    { identifier: '7b0c2f1e-5555-4aaa-8bbb-000000000002', name: 'Wet food', slug: 'wet-food' },
  ],
  foodAllergens: [
    { identifier: '7b0c2f1e-6666-4aaa-8bbb-000000000001', name: 'Chicken', slug: 'chicken' },
    { identifier: '7b0c2f1e-6666-4aaa-8bbb-000000000002', name: 'Beef', slug: 'beef' },
  ],
};

export function makeDog(overrides: Partial<Dog> = {}): Dog {
  return {
    identifier: '7b0c2f1e-7777-4aaa-8bbb-000000000001',
    name: 'Biscuit',
    dateOfBirth: '2021-03-14',
    dateOfBirthIsApproximate: false,
    gender: 'female',
    isNeutered: true,
    dateOfDeath: null,
    dateOfDeathIsApproximate: false,
    breeds: [{ slug: 'kelpie', name: 'Kelpie' }],
    recommendedMinWeight: 11,
    recommendedMaxWeight: 20,
    preferredBreedName: null,
    height: '48',
    weight: '16.5',
    bodyType: 'perfect',
    activityLevel: 'loves_to_play',
    eatingHabits: 'choosy',
    healthIssues: [],
    foodAllergies: ['chicken'],
    previousFoods: ['dry-food'],
    mealProductIds: [],
    createdAt: '2024-01-10T01:00:00.000Z',
    updatedAt: '2024-01-10T01:00:00.000Z',
    dailyEnergyKilocalories: 1010,
    ...overrides,
  };
}

export const biscuit = makeDog();
export const rex = makeDog({
  identifier: '7b0c2f1e-7777-4aaa-8bbb-000000000002',
  name: 'Rex',
  dateOfBirth: null,
  gender: 'male',
  breeds: [],
  preferredBreedName: null,
  weight: null,
  height: null,
  dailyEnergyKilocalories: null,
});

const meal: Product = {
  id: 'd5b7c1a2-0000-4000-8000-000000000001',
  name: 'Chicken & Pumpkin',
  status: 'active',
  isNew: false,
  isVisible: true,
  sortIndex: 1,
  thumbnail: null,
  images: [],
  content: {},
  variants: [
    {
      id: 'd5b7c1a2-0000-4000-8000-000000000002',
      sku: 'M-CHK-200',
      dimension: { weightGrams: 200 },
    },
  ],
};

export const products: AccountResponse<'getProducts'> = {
  meals: [meal],
  treats: [],
  supplements: [],
};
