// Shapes of the customer API's requests and answers (customer-app.md §3, §7), shared by every
// feature. Written from the server's contract (packages/contracts/src/account.ts, fields.ts,
// dogs.ts, enums.ts), which the app may not import.

/** Every error answer of the customer API: `{ error: string }`. */
export type ApiErrorBody = { error: string };

/** The answer of calls that only confirm. */
export type SuccessResponse = { success: true };

// ---------------------------------------------------------------------------------------------
// Authentication

/** POST /api/v1/login */
export type LoginRequest = { email: string; password: string };
/** The refresh token also arrives as an httpOnly cookie; the app never keeps it. */
export type LoginResponse = { accessToken: string; refreshToken: string };
/** GET /api/v1/refresh */
export type RefreshResponse = { accessToken: string };
/** POST /api/v1/forgot-password */
export type ForgotPasswordRequest = { email: string };
/** POST /api/v1/confirm-forgot-password */
export type ConfirmForgotPasswordRequest = {
  email: string;
  password: string;
  confirmationCode: string;
};
/** POST /api/v1/reset-password: change the password, given the current one. */
export type ResetPasswordRequest = { previousPassword: string; password: string };

// ---------------------------------------------------------------------------------------------
// Account

/** customer-app.md §3 "User profile" (GET /api/v1/me). */
export type Profile = {
  cognitoUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
};

/** PATCH /api/v1/me: every field optional; `phoneNumber: null` removes the number. */
export type UpdateMeRequest = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
  password?: string;
};

/** customer-app.md §9, in the order the spec lists them. */
export const AUSTRALIAN_STATES = ['VIC', 'NSW', 'ACT', 'NT', 'QLD', 'SA', 'TAS', 'WA'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

/** customer-app.md §3 "Address" (GET /api/v1/addresses/default). */
export type Address = {
  addressId: string;
  cognitoUserId: string;
  isDefault: boolean;
  address1: string;
  address2: string | null;
  suburb: string;
  city: string | null;
  state: AustralianState;
  postCode: string;
  countryCode: string;
  deliveryInstructions: string | null;
  companyName: string | null;
};

/** The address fields a customer edits: Address without ids, cognitoUserId and isDefault. */
export type AddressInput = {
  address1: string;
  address2?: string | null;
  suburb: string;
  city?: string | null;
  state: AustralianState;
  postCode: string;
  countryCode?: 'AU';
  deliveryInstructions?: string | null;
  companyName?: string | null;
};

/**
 * PUT /api/v1/addresses/default. The optional `date` (moving the next delivery with the address)
 * is refused by the server until the orders workflows exist, so the app does not send it yet.
 */
export type PutDefaultAddressRequest = AddressInput;

// ---------------------------------------------------------------------------------------------
// Dogs (services.md §9 enumerations)

export const DOG_GENDERS = ['male', 'female'] as const;
export const BODY_TYPES = ['slim', 'perfect', 'chunky'] as const;
export const ACTIVITY_LEVELS = ['chilled', 'loves_to_play', 'ball_of_energy'] as const;
export const EATING_HABITS = ['very_fussy', 'choosy', 'eats_anything'] as const;

export type DogGender = (typeof DOG_GENDERS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
export type EatingHabit = (typeof EATING_HABITS)[number];

/** A customer's dog (the contract's `CustomerDog`). */
export type Dog = {
  identifier: string;
  name: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  dateOfBirthIsApproximate: boolean;
  gender: DogGender | null;
  isNeutered: boolean | null;
  dateOfDeath: string | null;
  dateOfDeathIsApproximate: boolean;
  breeds: { slug: string; name: string }[];
  /** Kilograms, from the breeds. */
  recommendedMinWeight: number | null;
  recommendedMaxWeight: number | null;
  preferredBreedName: string | null;
  /** Centimetres at the shoulder, as a decimal string. */
  height: string | null;
  /** Kilograms, as a decimal string. */
  weight: string | null;
  bodyType: BodyType | null;
  activityLevel: ActivityLevel | null;
  eatingHabits: EatingHabit | null;
  /** Slugs of the metadata lists. */
  healthIssues: string[];
  foodAllergies: string[];
  previousFoods: string[];
  mealProductIds: string[];
  createdAt: string;
  updatedAt: string;
  /** Maintenance energy per day; null until the weight is known. */
  dailyEnergyKilocalories: number | null;
};

export type Breed = {
  identifier: string;
  name: string;
  slug: string;
  minWeightKg: number | null;
  maxWeightKg: number | null;
};

export type ReferenceItem = { identifier: string; name: string; slug: string };

/** GET /api/v1/dogs/metadata */
export type DogMetadata = {
  breeds: Breed[];
  healthIssues: ReferenceItem[];
  foodTypes: ReferenceItem[];
  foodAllergens: ReferenceItem[];
};

/** Name, birth, breed: what /dogs/{animalId}/edit/details edits. */
export type DogDetailsInput = {
  name: string;
  dateOfBirth?: string | null;
  dateOfBirthIsApproximate?: boolean;
  gender?: DogGender | null;
  isNeutered?: boolean | null;
  dateOfDeath?: string | null;
  dateOfDeathIsApproximate?: boolean;
  /** Breed slugs, at most three. */
  breeds?: string[];
  preferredBreedName?: string | null;
};

/** Body, habits and health: what /dogs/{animalId}/edit/profile edits. */
export type DogProfileInput = {
  /** Up to 3 digits and 2 decimals, as a string. */
  height?: string | null;
  weight?: string | null;
  bodyType?: BodyType | null;
  activityLevel?: ActivityLevel | null;
  eatingHabits?: EatingHabit | null;
  healthIssues?: string[];
  foodAllergies?: string[];
  previousFoods?: string[];
};

/** POST /api/v1/dogs → Dog */
export type AddDogRequest = { dog: DogDetailsInput & DogProfileInput; productIds: string[] };
/** PATCH /api/v1/dogs/{id} → Dog */
export type UpdateDogRequest = { dog: Partial<DogDetailsInput> };
/** POST /api/v1/dog/update-profile → Dog */
export type UpdateDogProfileRequest = { dogId: string; dogProfileInput: DogProfileInput };

// ---------------------------------------------------------------------------------------------
// Products

/**
 * Product status values as the customer API sends them: services.md's product statuses, in lower
 * case. customer-app.md §4's ACTIVE and OUT_OF_STOCK are the names of `active` and `out_of_stock`
 * (docs/product-rules.md).
 */
export type ProductStatus =
  'active' | 'out_of_stock' | 'discontinuing' | 'discontinued' | 'archived';

export type ProductImage = {
  imageType: string;
  imageUrl: string;
};

export type ProductVariant = {
  id: string;
  sku: string;
  dimension: {
    weightGrams: number;
  };
};

export type Product = {
  id: string;
  name: string;
  status: ProductStatus;
  isNew: boolean;
  isVisible: boolean;
  sortIndex: number;
  thumbnail: string | null;
  images: ProductImage[];
  /** Content-management data; its fields are not specified. */
  content: Record<string, unknown>;
  variants: ProductVariant[];
};

/** GET /api/v1/products */
export type ProductsResponse = {
  meals: Product[];
  treats: Product[];
  supplements: Product[];
};
