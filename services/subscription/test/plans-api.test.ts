import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product, RecommendedMeal } from '@pawfresh/contracts/product';
import type { Dog } from '@pawfresh/contracts/dogs';
import {
  subscriptionContract,
  type GeneratedFeedingPlan,
  type Plan,
} from '@pawfresh/contracts/subscription';
import { callJson, caller, fuzzContract, messagesOf } from '@pawfresh/testing';
import { planCatalogue, planForType } from '../src/reference/plans.js';
import { harness, serviceAuth, type Harness } from './harness.js';

let h: Harness;
let meals: Product[];
beforeAll(async () => {
  h = await harness();
  const res = await callJson(h.product, 'GET', '/api/v1/products?type=meal');
  expect(res.statusCode, res.body).toBe(200);
  meals = res.json<Product[]>();
});
afterAll(() => h.close());
afterEach(() => {
  for (const name of Object.keys(h.down)) h.down[name] = false;
});

const meta = (p: Product, key: string) => p.metadata.find((m) => m.metaKey === key)?.metaValue;
const meal = (name: string) => {
  const found = meals.find((p) => meta(p, 'meal') === name);
  if (!found) throw new Error(`No meal ${name} in the catalogue`);
  return found;
};
const mealId = (name: string) => meal(name).id;
const kcalOf = (name: string) => meta(meal(name), 'kcalPer100g') as number;
const centsPer100gOf = (name: string) => meta(meal(name), 'pricePer100g') as number;
/** A pouch's price at the meal's price per 100 g, rounded half up (docs/pricing.md). */
const pouchPrice = (name: string, grams: number) =>
  Math.round((centsPer100gOf(name) * grams) / 100);

const inject = caller(() => h.app);

const generate = (body: unknown) => inject('POST', '/plans/generate', body);
const oneDog = (dog: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...extra,
  dogs: [
    {
      animalId: randomUUID(),
      energy: 558,
      meals: [
        { productId: mealId('turkey'), weight: 1 },
        { productId: mealId('kangaroo'), weight: 1 },
      ],
      ...dog,
    },
  ],
});

describe('the plan catalogue', () => {
  it('lists full bowl, half bowl, starter box, trial box', async () => {
    const res = await inject('GET', '/plans');
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json<Plan[]>();
    expect(plans.map((p) => p.slug)).toEqual([
      'full-bowl',
      'half-bowl',
      'starter-box',
      'trial-box',
    ]);
    expect(plans[0]).toEqual({
      id: planForType('full_bowl').id,
      name: 'Full Bowl',
      slug: 'full-bowl',
      category: 'feeding_plan',
      percentOfCalories: 100,
      feedingPlanType: 'full_bowl',
    });
    expect(new Set(plans.map((p) => p.id))).toEqual(new Set(planCatalogue.map((p) => p.id)));
  });

  it('finds a plan by id and by slug', async () => {
    const half = planForType('half_bowl');
    const byId = await inject('GET', `/plans/${half.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual(half);
    const bySlug = await inject('GET', '/plans/half-bowl');
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual(half);
    // An upper-case id is the same id.
    const upper = await inject('GET', `/plans/${half.id.toUpperCase()}`);
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json<Plan>().id).toBe(half.id);
  });

  it('refuses an identifier that is neither a uuid nor a slug', async () => {
    for (const bad of ['Full%20Bowl', 'full_bowl', '-full', 'FULL-BOWL']) {
      const res = await inject('GET', `/plans/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res).join(' ')).toContain(
        'Identifier must be a valid UUID or a valid slug',
      );
    }
  });

  it('answers 404 for a slug or id that is no plan', async () => {
    for (const id of ['no-such-plan', randomUUID()]) {
      const res = await inject('GET', `/plans/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(res.json().message).toContain(id);
    }
  });
});

describe('POST /plans/generate', () => {
  it('sizes and prices a full bowl for a 558 kcal dog: turkey and kangaroo', async () => {
    const animalId = randomUUID();
    const res = await generate(oneDog({ animalId }));
    expect(res.statusCode, res.body).toBe(200);
    const [plan, ...others] = res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    expect(others).toEqual([]);

    // 558 kcal ÷ (½ × 1.18 + ½ × 1.10 kcal/g) = 489.5 g a day: the f0500 serving size.
    const kcalPerGram = (kcalOf('turkey') + kcalOf('kangaroo')) / 2 / 100;
    expect(558 / kcalPerGram).toBeCloseTo(489.47, 1);
    const turkey = pouchPrice('turkey', 500);
    const kangaroo = pouchPrice('kangaroo', 500);
    expect([turkey, kangaroo]).toEqual([875, 1000]);
    const total = 7 * turkey + 7 * kangaroo;
    expect(total).toBe(13_125);

    expect(plan).toMatchObject({
      animalId,
      type: 'full_bowl',
      planId: planForType('full_bowl').id,
      percentOfCalories: 100,
      dailyEnergyKilocalories: 558,
      servingSize: 'f0500',
      currentDailyServingSizeInGrams: 500,
      currentPouchSizeInGrams: 500,
      pouchesPerDay: 1,
      totalPouches: 14,
      totalPrice: total,
      dailyPrice: Math.round(total / 14), // 937.5 → 938
      pricePerPouch: Math.round(total / 14),
    });
    expect(plan!.dailyPrice).toBe(938);
    const variant500 = (name: string) =>
      meal(name).variants.find((v) => v.dimension.weightGrams === 500)!;
    expect(plan!.skus).toEqual([
      {
        productId: mealId('turkey'),
        productVariantId: variant500('turkey').id,
        sku: variant500('turkey').sku,
        ratio: 0.5,
        pouches: 7,
        price: turkey,
      },
      {
        productId: mealId('kangaroo'),
        productVariantId: variant500('kangaroo').id,
        sku: variant500('kangaroo').sku,
        ratio: 0.5,
        pouches: 7,
        price: kangaroo,
      },
    ]);
  });

  it('halves the grams for a half bowl', async () => {
    const full = await generate(oneDog({}));
    const half = await generate(oneDog({ planType: 'half_bowl' }));
    expect(half.statusCode, half.body).toBe(200);
    const [fullPlan] = full.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    const [halfPlan] = half.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    expect(halfPlan).toMatchObject({
      type: 'half_bowl',
      planId: planForType('half_bowl').id,
      percentOfCalories: 50,
      dailyEnergyKilocalories: 279,
      servingSize: 'f0250', // 244.7 g
      currentDailyServingSizeInGrams: 250,
      totalPouches: 14,
    });
    expect(halfPlan!.currentDailyServingSizeInGrams * 2).toBe(
      fullPlan!.currentDailyServingSizeInGrams,
    );
    expect(halfPlan!.totalPrice).toBe(
      7 * pouchPrice('turkey', 250) + 7 * pouchPrice('kangaroo', 250),
    );
  });

  it('splits the pouches by the meal weights and the cadence', async () => {
    const res = await generate(
      oneDog(
        {
          meals: [
            { productId: mealId('turkey'), weight: 3 },
            { productId: mealId('kangaroo'), weight: 1 },
          ],
        },
        { cadenceInWeeks: 4 },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [plan] = res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    // 558 ÷ (¾ × 1.18 + ¼ × 1.10) = 481 g: v0475, one pouch a day; 28 pouches, 21 and 7.
    expect(plan).toMatchObject({
      servingSize: 'v0475',
      currentPouchSizeInGrams: 475,
      pouchesPerDay: 1,
      totalPouches: 28,
    });
    expect(plan!.skus.map((s) => [s.ratio, s.pouches])).toEqual([
      [0.75, 21],
      [0.25, 7],
    ]);
    expect(plan!.totalPrice).toBe(21 * pouchPrice('turkey', 475) + 7 * pouchPrice('kangaroo', 475));
  });

  it('uses the serving size asked for, snapped to an allowed one (variable fill)', async () => {
    const res = await generate(oneDog({ servingSize: 730 }));
    expect(res.statusCode, res.body).toBe(200);
    const [plan] = res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    expect(plan).toMatchObject({
      servingSize: 'v0725',
      currentDailyServingSizeInGrams: 725,
      currentPouchSizeInGrams: 363,
      pouchesPerDay: 2,
      totalPouches: 28,
      dailyEnergyKilocalories: 558,
    });
    expect(plan!.totalPrice).toBe(
      14 * pouchPrice('turkey', 363) + 14 * pouchPrice('kangaroo', 363),
    );
  });

  it('clamps real needs beyond the allowed sizes to the smallest and the largest', async () => {
    // The bounds of a plan's energy (docs/energy.md): 50 kcal for half a bowl is under 100 g,
    // 5000 kcal over 1800 g.
    const tiny = await generate(oneDog({ energy: 50, planType: 'half_bowl' }));
    expect(tiny.statusCode, tiny.body).toBe(200);
    expect(tiny.json().feedingPlans[0]).toMatchObject({ servingSize: 'v0100' });
    const huge = await generate(oneDog({ energy: 5000 }));
    expect(huge.statusCode, huge.body).toBe(200);
    expect(huge.json().feedingPlans[0]).toMatchObject({ servingSize: 't1800', pouchesPerDay: 3 });
  });

  it('generates a plan for each dog, in order', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const res = await generate({
      dogs: [
        { animalId: a, energy: 1401, meals: [{ productId: mealId('beef'), weight: 1 }] },
        {
          animalId: b,
          energy: 300,
          planType: 'trial_box',
          meals: [{ productId: mealId('fish'), weight: 2 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
    expect(plans.map((p) => [p.animalId, p.type])).toEqual([
      [a, 'full_bowl'],
      [b, 'trial_box'],
    ]);
    // 1401 ÷ 1.42 = 986.6 g: d1000, two 500 g pouches a day.
    expect(plans[0]).toMatchObject({ servingSize: 'd1000', pouchesPerDay: 2, totalPouches: 28 });
    // 300 × 50% ÷ 1.20 = 125 g.
    expect(plans[1]).toMatchObject({ servingSize: 'f0125', percentOfCalories: 50 });
    expect(plans[1]!.skus).toMatchObject([{ ratio: 1, pouches: 14 }]);
  });

  it('refuses energy and weights that are not positive, with the contract messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ energy: 0 }, 'energy must be a positive number of kilocalories a day'],
      [{ energy: -100 }, 'energy must be a positive number of kilocalories a day'],
      [
        { meals: [{ productId: mealId('turkey'), weight: 0 }] },
        'Meal weight must be a positive number',
      ],
      [
        { meals: [{ productId: mealId('turkey'), weight: -1 }] },
        'Meal weight must be a positive number',
      ],
      [{ servingSize: 0 }, 'servingSize must be a positive number of grams'],
      [{ meals: [] }, 'Choose at least 1 meal'],
    ];
    for (const [dog, message] of cases) {
      const res = await generate(oneDog(dog));
      expect(res.statusCode, JSON.stringify(dog)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(messagesOf(res).join(' ')).toContain(message);
    }
    const none = await generate({ dogs: [] });
    expect(none.statusCode).toBe(400);
    expect(messagesOf(none).join(' ')).toContain('Send at least 1 dog');
  });

  it('refuses energy no dog needs, saying what a daily need looks like (docs/energy.md)', async () => {
    const bounds =
      'energy must be from 50 to 5000 kilocalories a day: the dog’s daily need (its dailyEnergyKilocalories), e.g. 558 for an 8.5 kg adult';
    for (const energy of [1_000_000, 5000.5, 49.9, 10]) {
      const res = await generate(oneDog({ energy }));
      expect(res.statusCode, String(energy)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(messagesOf(res)).toEqual([bounds]);
    }
    for (const energy of [50, 5000]) {
      expect((await generate(oneDog({ energy }))).statusCode, String(energy)).toBe(200);
    }
  });

  it('refuses product ids that are not meals on the menu, naming each one', async () => {
    const treat = await callJson(h.product, 'GET', '/api/v1/products?type=treat');
    const treatId = treat.json<Product[]>()[0]!.id;
    const res = await generate({
      dogs: [
        {
          animalId: randomUUID(),
          energy: 558,
          meals: [
            { productId: mealId('turkey'), weight: 1 },
            { productId: randomUUID(), weight: 1 },
          ],
        },
        {
          animalId: randomUUID(),
          energy: 558,
          meals: [{ productId: treatId, weight: 1 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const text = messagesOf(res).join('\n');
    expect(text).toContain('dogs[0].meals[1].productId');
    expect(text).toContain('dogs[1].meals[0].productId');
    expect(text).not.toContain('dogs[0].meals[0]');
  });

  it('refuses the same meal twice', async () => {
    const res = await generate(
      oneDog({
        meals: [
          { productId: mealId('turkey'), weight: 1 },
          { productId: mealId('turkey'), weight: 1 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res).join(' ')).toContain('dogs[0].meals[1].productId');
  });

  it('refuses a meal whose share is too small to fill a pouch', async () => {
    const res = await generate(
      oneDog(
        {
          meals: [
            { productId: mealId('turkey'), weight: 1 },
            { productId: mealId('kangaroo'), weight: 100 },
          ],
        },
        { cadenceInWeeks: 1 },
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    const text = messagesOf(res).join(' ');
    expect(text).toContain('dogs[0].meals[0].weight');
    expect(text).toContain('7 pouches');
  });

  it('answers 502 when the pricing service is down', async () => {
    h.down.pricing = true;
    const res = await generate(oneDog({}));
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ statusCode: 502 });
    expect(res.json().message).toMatch(/try again/);
  });

  it('answers 502 when the product service is down', async () => {
    h.down.product = true;
    const res = await generate(oneDog({}));
    expect(res.statusCode, res.body).toBe(502);
  });
});

describe('POST /plans/generate-recommendations', () => {
  const userId = randomUUID();
  const createDog = async (dog: Record<string, unknown>, owner = userId) => {
    const res = await callJson(h.dogs, 'POST', '/dogs', {
      userId: owner,
      dog: { name: 'Biscuit', ...dog },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Dog>();
  };
  /** Biscuit of docs/energy.md: 8.5 kg, neutered, loves to play: 558 kcal a day. */
  const biscuit = {
    breeds: ['cavoodle'],
    isNeutered: true,
    weight: '8.5',
    activityLevel: 'loves_to_play',
    bodyType: 'perfect',
  };
  type Recommendations = {
    animalId: string;
    dailyEnergyKilocalories: number;
    recommendations: { plan: Plan; feedingPlan: GeneratedFeedingPlan }[];
  };
  const recommend = (body: Record<string, unknown>) =>
    inject('POST', '/plans/generate-recommendations', body);
  const mealNames = (plan: GeneratedFeedingPlan) =>
    plan.skus.map((s) =>
      meta(
        meals.find((m) => m.id === s.productId)!,
        'meal',
      ),
    );

  it('proposes full and half bowls of the recommended meals, never one the dog is allergic to', async () => {
    const dog = await createDog({
      ...biscuit,
      foodAllergies: ['chicken'],
      healthIssues: ['sensitive-stomach'],
    });
    expect(dog.dailyEnergyKilocalories).toBe(558);
    const res = await recommend({ animalId: dog.identifier, userId });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Recommendations>();
    expect(r.animalId).toBe(dog.identifier);
    expect(r.dailyEnergyKilocalories).toBe(558);
    expect(r.recommendations.map((x) => x.plan.slug)).toEqual(['full-bowl', 'half-bowl']);
    // Chicken suits a sensitive stomach but the dog is allergic to it: turkey and goat, in the
    // order the product service recommends them.
    const told = await callJson(h.product, 'POST', '/api/v1/products/recommend-meals', {
      allergens: ['chicken'],
      healthIssues: ['sensitive-stomach'],
    });
    const recommended = told
      .json<RecommendedMeal[]>()
      .filter((m) => m.recommendation.recommendationType === 'recommended')
      .map((m) => meta(m, 'meal'));
    expect([...recommended].sort()).toEqual(['goat', 'turkey']);
    for (const { plan, feedingPlan } of r.recommendations) {
      expect(mealNames(feedingPlan)).toEqual(recommended);
      expect(mealNames(feedingPlan)).not.toContain('chicken');
      expect(feedingPlan).toMatchObject({
        animalId: dog.identifier,
        type: plan.feedingPlanType,
        planId: plan.id,
        totalPouches: 14,
      });
      expect(feedingPlan.skus.map((s) => s.pouches)).toEqual([7, 7]);
    }
    // 558 ÷ (½ × 1.18 + ½ × 1.25) = 459.3 g: v0450; the half bowl 229.6 g: v0225.
    expect(r.recommendations.map((x) => x.feedingPlan.servingSize)).toEqual(['v0450', 'v0225']);
  });

  it('picks meals in the menu’s order (sortIndex), not by name', async () => {
    // Menu order: beef, chicken, turkey, lamb, kangaroo, goat, fish. Allergic to chicken and
    // nothing else to go by: every other meal is neutral, so the first two on the menu.
    const dog = await createDog({ ...biscuit, foodAllergies: ['chicken'] });
    const res = await recommend({ animalId: dog.identifier, planTypes: ['full_bowl'] });
    expect(res.statusCode, res.body).toBe(200);
    const [only] = res.json<Recommendations>().recommendations;
    expect(mealNames(only!.feedingPlan)).toEqual(['beef', 'turkey']);
  });

  it('falls back to neutral meals, never one to avoid, and takes at most two', async () => {
    // Pancreatitis: beef and lamb are to be avoided; turkey and kangaroo suit it.
    const dog = await createDog({
      ...biscuit,
      foodAllergies: ['turkey'],
      healthIssues: ['pancreatitis'],
    });
    const res = await recommend({
      animalId: dog.identifier,
      planTypes: ['half_bowl'],
      cadenceInWeeks: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Recommendations>();
    expect(r.recommendations).toHaveLength(1);
    const [only] = r.recommendations;
    expect(only!.plan.slug).toBe('half-bowl');
    // Kangaroo is recommended; the next is the first neutral meal in the catalogue's order.
    const names = mealNames(only!.feedingPlan);
    expect(names[0]).toBe('kangaroo');
    expect(names).toHaveLength(2);
    expect(['beef', 'lamb', 'turkey', 'kangaroo']).not.toContain(names[1]);
    const neutral = meals.find(
      (m) => !['beef', 'lamb', 'turkey', 'kangaroo'].includes(meta(m, 'meal') as string),
    );
    expect(names[1]).toBe(meta(neutral!, 'meal'));
    expect(only!.feedingPlan.totalPouches).toBe(7);
  });

  it('uses one meal when only one suits the dog', async () => {
    const dog = await createDog({
      ...biscuit,
      foodAllergies: ['beef', 'chicken', 'turkey', 'lamb', 'kangaroo', 'goat'],
    });
    const res = await recommend({ animalId: dog.identifier, planTypes: ['full_bowl'] });
    expect(res.statusCode, res.body).toBe(200);
    const [only] = res.json<Recommendations>().recommendations;
    expect(mealNames(only!.feedingPlan)).toEqual(['fish']);
    expect(only!.feedingPlan.skus[0]).toMatchObject({ ratio: 1, pouches: 14 });
  });

  it('refuses when no meal suits the dog', async () => {
    const dog = await createDog({
      ...biscuit,
      foodAllergies: ['beef', 'chicken', 'turkey', 'lamb', 'kangaroo', 'goat', 'fish'],
    });
    const res = await recommend({ animalId: dog.identifier });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/No meal/);
  });

  it("refuses a dog without a weight: the caller is told to add the dog's weight", async () => {
    const dog = await createDog({ name: 'Pip' });
    expect(dog.dailyEnergyKilocalories).toBeNull();
    const res = await recommend({ animalId: dog.identifier });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toMatch(/weight/);
  });

  it("answers 404 for another user's dog and for a dog that does not exist", async () => {
    const dog = await createDog(biscuit);
    const other = await recommend({ animalId: dog.identifier, userId: randomUUID() });
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().message).toContain(dog.identifier);
    const missing = randomUUID();
    const none = await recommend({ animalId: missing });
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json()).toMatchObject({ statusCode: 404, message: `Dog ${missing} not found` });
  });

  it('refuses a body that is not a request', async () => {
    for (const body of [{}, { animalId: 'x' }, { animalId: randomUUID(), planTypes: [] }]) {
      const res = await recommend(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 502 when the dogs or pricing service is down', async () => {
    const dog = await createDog(biscuit);
    h.down.dogs = true;
    expect((await recommend({ animalId: dog.identifier })).statusCode).toBe(502);
    h.down.dogs = false;
    h.down.pricing = true;
    expect((await recommend({ animalId: dog.identifier })).statusCode).toBe(502);
  });
});

describe('the plan and cancel-reason endpoints under odd input', () => {
  it('never answer 500 and always answer the service envelope', async () => {
    const names = [
      'listCancelReasons',
      'listPlans',
      'getPlan',
      'generatePlans',
      'generateRecommendations',
    ] as const;
    const contract = {
      ...subscriptionContract,
      endpoints: Object.fromEntries(names.map((n) => [n, subscriptionContract.endpoints[n]])),
    };
    expect(await fuzzContract(h.app, contract, serviceAuth, 25)).toEqual([]);
  });
});
