import type { ProductImageType, ProductStatus, ProductType } from '@pawfresh/contracts/enums';

/**
 * The seed catalogue: what `npm start` loads on first start and what
 * `POST /products/reset-by-seed-script` restores. Prices are integer cents AUD, energy density is
 * kcal per 100 g as fed. Health-issue and allergen slugs match the dogs service's reference data.
 */
export interface SeedVariant {
  key: string;
  sku: string;
  variantName: string;
  variantDescription?: string;
  basePrice: number;
  weightGrams: number;
  heightMm: number;
  widthMm: number;
  depthMm: number;
  pouchLetter?: string;
  status?: ProductStatus;
  isVisible?: boolean;
  metadata?: Record<string, unknown>;
}

export interface SeedProduct {
  productCode: string;
  name: string;
  type: ProductType;
  status: ProductStatus;
  isVisible: boolean;
  metadata: Record<string, unknown>;
  images: ProductImageType[];
  variants: SeedVariant[];
}

/** Standard single pouches, in grams: the `f` serving sizes (docs/serving-sizes.md). */
export const pouchSizes = [125, 150, 200, 250, 300, 400, 500, 600, 700] as const;

interface MealRecipe {
  meal: string;
  name: string;
  centsPer100g: number;
  kcalPer100g: number;
  allergens: string[];
  recommendedFor: string[];
  notRecommendedFor: string[];
  ingredients: string[];
  analysis: { protein: number; fat: number; fibre: number; moisture: number };
  description: string;
  isNew?: boolean;
}

const recipes: MealRecipe[] = [
  {
    meal: 'beef',
    name: 'Beef Bowl',
    centsPer100g: 185,
    kcalPer100g: 142,
    allergens: ['beef'],
    recommendedFor: ['anaemia', 'underweight'],
    notRecommendedFor: ['pancreatitis', 'kidney-disease'],
    ingredients: [
      'beef',
      'beef liver',
      'beef heart',
      'sweet potato',
      'broccoli',
      'spinach',
      'blueberries',
      'sunflower oil',
      'vitamins and minerals',
    ],
    analysis: { protein: 11, fat: 8, fibre: 1, moisture: 72 },
    description: 'Grass-fed Australian beef with sweet potato and greens: rich in iron and zinc.',
  },
  {
    meal: 'chicken',
    name: 'Chicken Bowl',
    centsPer100g: 160,
    kcalPer100g: 128,
    allergens: ['chicken', 'egg'],
    recommendedFor: ['sensitive-stomach', 'underweight'],
    notRecommendedFor: [],
    ingredients: [
      'chicken',
      'chicken liver',
      'egg',
      'brown rice',
      'pumpkin',
      'carrot',
      'kale',
      'fish oil',
      'vitamins and minerals',
    ],
    analysis: { protein: 11, fat: 6, fibre: 1, moisture: 74 },
    description: 'Free-range chicken with brown rice and pumpkin: gentle and easy to digest.',
  },
  {
    meal: 'turkey',
    name: 'Turkey Bowl',
    centsPer100g: 175,
    kcalPer100g: 118,
    allergens: ['turkey'],
    recommendedFor: ['pancreatitis', 'weight-management', 'diabetes', 'sensitive-stomach'],
    notRecommendedFor: [],
    ingredients: [
      'turkey',
      'turkey liver',
      'quinoa',
      'zucchini',
      'green beans',
      'apple',
      'flaxseed',
      'vitamins and minerals',
    ],
    analysis: { protein: 12, fat: 4, fibre: 1.5, moisture: 75 },
    description: 'Lean turkey with quinoa and garden vegetables: low in fat for sensitive dogs.',
  },
  {
    meal: 'lamb',
    name: 'Lamb Bowl',
    centsPer100g: 195,
    kcalPer100g: 152,
    allergens: ['lamb'],
    recommendedFor: ['underweight'],
    notRecommendedFor: ['pancreatitis', 'weight-management', 'diabetes'],
    ingredients: [
      'lamb',
      'lamb heart',
      'lamb liver',
      'pearl barley',
      'peas',
      'carrot',
      'parsley',
      'vitamins and minerals',
    ],
    analysis: { protein: 10, fat: 10, fibre: 1, moisture: 71 },
    description: 'Pasture-raised lamb with barley and peas: energy-dense for active dogs.',
  },
  {
    meal: 'kangaroo',
    name: 'Kangaroo Bowl',
    centsPer100g: 200,
    kcalPer100g: 110,
    allergens: ['kangaroo'],
    recommendedFor: [
      'food-allergies',
      'skin-and-coat',
      'weight-management',
      'pancreatitis',
      'diabetes',
    ],
    notRecommendedFor: ['kidney-disease'],
    ingredients: [
      'kangaroo',
      'kangaroo liver',
      'sweet potato',
      'broccoli',
      'red capsicum',
      'chia seeds',
      'vitamins and minerals',
    ],
    analysis: { protein: 13, fat: 3, fibre: 1.5, moisture: 76 },
    description: 'Wild-harvested kangaroo: a lean, novel protein for dogs with food sensitivities.',
  },
  {
    meal: 'goat',
    name: 'Goat Bowl',
    centsPer100g: 220,
    kcalPer100g: 125,
    allergens: ['goat'],
    recommendedFor: ['food-allergies', 'sensitive-stomach'],
    notRecommendedFor: [],
    ingredients: [
      'goat',
      'goat heart',
      'pumpkin',
      'parsnip',
      'silverbeet',
      'coconut oil',
      'vitamins and minerals',
    ],
    analysis: { protein: 11, fat: 6, fibre: 1, moisture: 74 },
    description:
      'Free-range goat with pumpkin and parsnip: a novel protein that is kind on the gut.',
    isNew: true,
  },
  {
    meal: 'fish',
    name: 'Fish Bowl',
    centsPer100g: 210,
    kcalPer100g: 120,
    allergens: ['fish'],
    recommendedFor: ['skin-and-coat', 'joint-issues', 'kidney-disease', 'food-allergies'],
    notRecommendedFor: [],
    ingredients: [
      'hoki',
      'sardines',
      'potato',
      'spinach',
      'cauliflower',
      'kelp',
      'vitamins and minerals',
    ],
    analysis: { protein: 10, fat: 5, fibre: 1, moisture: 76 },
    description: 'Sustainable hoki and sardines: omega-3 rich for skin, coat and joints.',
  },
];

/** Pouch dimensions grow with the fill; volumetric weight is mm³ / 5000 (courier rule). */
function pouchDimension(grams: number) {
  const widthMm = grams <= 200 ? 140 : grams <= 400 ? 160 : 180;
  const heightMm = grams <= 200 ? 180 : grams <= 400 ? 220 : 250;
  const depthMm = Math.max(15, Math.round(grams / (widthMm * heightMm * 0.00095)));
  return { widthMm, heightMm, depthMm };
}

function mealProduct(recipe: MealRecipe, sortIndex: number): SeedProduct {
  const code = recipe.meal.toUpperCase();
  return {
    productCode: `MEAL-${code}`,
    name: recipe.name,
    type: 'meal',
    status: 'active',
    isVisible: true,
    images: ['icon', 'pouch', 'bowl', 'bowl_icon', 'bowl_icon_pouch'],
    metadata: {
      meal: recipe.meal,
      kcalPer100g: recipe.kcalPer100g,
      pricePer100g: recipe.centsPer100g,
      allergens: recipe.allergens,
      recommendedFor: recipe.recommendedFor,
      notRecommendedFor: recipe.notRecommendedFor,
      isNew: recipe.isNew ?? false,
      sortIndex,
      content: {
        description: recipe.description,
        ingredients: recipe.ingredients,
        guaranteedAnalysis: recipe.analysis,
        energyKcalPer100g: recipe.kcalPer100g,
      },
    },
    variants: pouchSizes.map((grams) => ({
      key: `${recipe.meal}-f${grams}`,
      sku: `${code}-F${String(grams).padStart(4, '0')}`,
      variantName: `${recipe.name} ${grams} g pouch`,
      variantDescription: `One ${grams} g pouch of ${recipe.name}`,
      basePrice: Math.round((grams * recipe.centsPer100g) / 100),
      weightGrams: grams,
      pouchLetter: 'f',
      ...pouchDimension(grams),
    })),
  };
}

interface ExtraSpec {
  code: string;
  name: string;
  type: ProductType;
  price: number;
  grams: number;
  size: [number, number, number];
  description: string;
  status?: ProductStatus;
  isVisible?: boolean;
  isNew?: boolean;
  allergens?: string[];
  feedingGuide?: string;
  contains?: { productCode: string; quantity: number }[];
  images?: ProductImageType[];
  unit?: string;
}

function extraProduct(spec: ExtraSpec, sortIndex: number): SeedProduct {
  const [heightMm, widthMm, depthMm] = spec.size;
  return {
    productCode: spec.code,
    name: spec.name,
    type: spec.type,
    status: spec.status ?? 'active',
    isVisible: spec.isVisible ?? true,
    images: spec.images ?? ['icon', ...(spec.type === 'treat' ? (['treat'] as const) : [])],
    metadata: {
      isNew: spec.isNew ?? false,
      sortIndex,
      allergens: spec.allergens ?? [],
      ...(spec.contains ? { contains: spec.contains } : {}),
      content: {
        description: spec.description,
        ...(spec.feedingGuide ? { feedingGuide: spec.feedingGuide } : {}),
      },
    },
    variants: [
      {
        key: spec.code.toLowerCase(),
        sku: spec.code,
        variantName: spec.unit ? `${spec.name} ${spec.unit}` : spec.name,
        variantDescription: spec.description,
        basePrice: spec.price,
        weightGrams: spec.grams,
        heightMm,
        widthMm,
        depthMm,
        status: spec.status ?? 'active',
        isVisible: spec.isVisible ?? true,
      },
    ],
  };
}

const extras: ExtraSpec[] = [
  // Treats
  {
    code: 'TREAT-ROO-JERKY',
    name: 'Kangaroo Jerky',
    type: 'treat',
    price: 1495,
    grams: 100,
    size: [200, 130, 30],
    unit: '100 g',
    description: 'Slow-dried kangaroo strips: single-ingredient and low in fat.',
    allergens: ['kangaroo'],
    feedingGuide: 'Up to 2 strips a day for a 10 kg dog.',
  },
  {
    code: 'TREAT-CHICKEN-BITES',
    name: 'Chicken Breast Bites',
    type: 'treat',
    price: 1295,
    grams: 120,
    size: [200, 130, 35],
    unit: '120 g',
    description: 'Freeze-dried chicken breast, perfect for training.',
    allergens: ['chicken'],
    feedingGuide: 'Up to 10 bites a day for a 10 kg dog.',
  },
  {
    code: 'TREAT-BEEF-LIVER',
    name: 'Beef Liver Crisps',
    type: 'treat',
    price: 1195,
    grams: 100,
    size: [200, 130, 30],
    unit: '100 g',
    description: 'Crunchy air-dried beef liver.',
    allergens: ['beef'],
    status: 'out_of_stock',
  },
  {
    code: 'TREAT-SARDINE',
    name: 'Sardine Crunch',
    type: 'treat',
    price: 1350,
    grams: 80,
    size: [200, 130, 30],
    unit: '80 g',
    description: 'Whole Australian sardines, dried until crunchy: omega-3 in every bite.',
    allergens: ['fish'],
    isNew: true,
  },
  {
    code: 'TREAT-LAMB-EARS',
    name: 'Lamb Ear Chews',
    type: 'treat',
    price: 1695,
    grams: 150,
    size: [220, 150, 50],
    unit: '6 pack',
    description: 'Natural lamb ears for a long, satisfying chew.',
    allergens: ['lamb'],
  },
  {
    code: 'TREAT-GOAT-MILK',
    name: 'Goat Milk Chews',
    type: 'treat',
    price: 1450,
    grams: 90,
    size: [200, 130, 30],
    unit: '90 g',
    description: 'Coming soon: goat milk chews.',
    allergens: ['goat', 'dairy'],
    isVisible: false,
    isNew: true,
  },
  {
    code: 'TREAT-PORK-CRACKLE',
    name: 'Pork Crackle',
    type: 'treat',
    price: 995,
    grams: 100,
    size: [200, 130, 30],
    unit: '100 g',
    description: 'Discontinued.',
    allergens: ['pork'],
    status: 'discontinued',
  },
  // Supplements
  {
    code: 'SUPP-JOINT',
    name: 'Joint Support',
    type: 'supplement',
    price: 3495,
    grams: 200,
    size: [120, 80, 80],
    unit: '200 g',
    description: 'Green-lipped mussel, glucosamine and turmeric for hips and joints.',
    allergens: ['shellfish'],
    feedingGuide: 'One scoop per 10 kg each day, on food.',
  },
  {
    code: 'SUPP-OMEGA',
    name: 'Omega-3 Fish Oil',
    type: 'supplement',
    price: 2995,
    grams: 260,
    size: [180, 60, 60],
    unit: '250 ml',
    description: 'Cold-pressed fish oil for skin, coat and joints.',
    allergens: ['fish'],
    feedingGuide: 'One pump per 10 kg each day.',
  },
  {
    code: 'SUPP-PROBIOTIC',
    name: 'Gut Health Probiotic',
    type: 'supplement',
    price: 3295,
    grams: 150,
    size: [120, 80, 80],
    unit: '150 g',
    description: 'Prebiotic fibre and five probiotic strains for a settled tummy.',
    isNew: true,
    feedingGuide: 'One scoop each day, on food.',
  },
  {
    code: 'SUPP-CALM',
    name: 'Calming Chews',
    type: 'supplement',
    price: 2795,
    grams: 120,
    size: [150, 100, 60],
    unit: '60 chews',
    description: 'Chamomile and L-theanine chews for anxious moments.',
    isNew: true,
    status: 'out_of_stock',
  },
  {
    code: 'SUPP-MULTI-OLD',
    name: 'Multivitamin (old formula)',
    type: 'supplement',
    price: 2495,
    grams: 150,
    size: [120, 80, 80],
    unit: '150 g',
    description: 'Replaced by the new formula.',
    status: 'archived',
    isVisible: false,
  },
  // Collateral: packed in every box, never sold
  {
    code: 'COLL-ICE-TOP',
    name: 'Ice pack (top)',
    type: 'collateral',
    price: 0,
    grams: 1000,
    size: [300, 250, 30],
    description: 'Gel ice pack laid on top of the pouches.',
    isVisible: false,
    images: ['ice_pack_top'],
  },
  {
    code: 'COLL-ICE-BOTTOM',
    name: 'Ice pack (bottom)',
    type: 'collateral',
    price: 0,
    grams: 1000,
    size: [300, 250, 30],
    description: 'Gel ice pack laid under the pouches.',
    isVisible: false,
    images: ['ice_pack_bottom'],
  },
  {
    code: 'COLL-WELCOME',
    name: 'Welcome booklet',
    type: 'collateral',
    price: 0,
    grams: 80,
    size: [210, 148, 5],
    description: 'Transition guide for a first box.',
    isVisible: false,
    images: ['extra'],
  },
  // Toys
  {
    code: 'TOY-ROPE',
    name: 'Rope Tug',
    type: 'toy',
    price: 1295,
    grams: 180,
    size: [300, 80, 80],
    description: 'Cotton rope tug for tug-of-war.',
    images: ['icon', 'extra'],
  },
  {
    code: 'TOY-SQUEAKY-ROO',
    name: 'Squeaky Kangaroo',
    type: 'toy',
    price: 1595,
    grams: 120,
    size: [250, 120, 60],
    description: 'Plush kangaroo with a squeaker.',
    isNew: true,
    images: ['icon', 'extra'],
  },
  // Bundles
  {
    code: 'BUNDLE-TREAT-SAMPLER',
    name: 'Treat Sampler',
    type: 'bundle',
    price: 3495,
    grams: 320,
    size: [250, 200, 80],
    description: 'Kangaroo jerky, chicken bites and sardine crunch: one of each.',
    allergens: ['kangaroo', 'chicken', 'fish'],
    contains: [
      { productCode: 'TREAT-ROO-JERKY', quantity: 1 },
      { productCode: 'TREAT-CHICKEN-BITES', quantity: 1 },
      { productCode: 'TREAT-SARDINE', quantity: 1 },
    ],
  },
  {
    code: 'BUNDLE-WELLNESS',
    name: 'Wellness Pack',
    type: 'bundle',
    price: 5995,
    grams: 410,
    size: [250, 200, 100],
    description: 'Joint Support and Omega-3 Fish Oil together.',
    allergens: ['shellfish', 'fish'],
    contains: [
      { productCode: 'SUPP-JOINT', quantity: 1 },
      { productCode: 'SUPP-OMEGA', quantity: 1 },
    ],
  },
];

export const seedCatalogue: SeedProduct[] = [
  ...recipes.map((r, i) => mealProduct(r, i + 1)),
  ...extras.map((e, i) => extraProduct(e, i + 1)),
];

/** Where a product's image of a given type is served (see the service's assets/ folder). */
export const imageFile = (productCode: string, type: ProductImageType) =>
  `${productCode.toLowerCase()}-${type.replace(/_/g, '-')}.svg`;

export const assetUrlPrefix = '/assets/products/';
