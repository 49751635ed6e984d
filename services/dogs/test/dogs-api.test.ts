import { describe, expect, it } from 'vitest';
import { signAccessToken, TestClock } from '@pawfresh/kit';
import {
  expectServiceError,
  fuzzContract,
  messagesOf,
  serviceAuth,
  serviceUnderTest,
  TEST_ACCESS_TOKEN_SECRET,
} from '@pawfresh/testing';
import { dogsContract, type Dog } from '@pawfresh/contracts/dogs';
import { dogsService } from '../src/index.js';
import { breeds } from '../src/reference/breeds.js';
import { foodAllergens, foodTypes, healthIssues } from '../src/reference/reference-items.js';

// 20:00 on 2 November 2026 in Sydney.
const clock = new TestClock('2026-11-02T09:00:00.000Z');

const OWNER = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const STRANGER = '7b2e1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c';
const MISSING_DOG = '3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a';

const service = serviceUnderTest(dogsService, { clock });
const { call } = service;

async function createDog(dog: Record<string, unknown>, userId = OWNER): Promise<Dog> {
  const res = await call('POST', '/dogs', { userId, dog });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Dog>();
}

describe('GET /dogs/metadata', () => {
  it('serves the reference data from the database, each list by name', async () => {
    const res = await call('GET', '/dogs/metadata');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      breeds: { name: string; slug: string; identifier: string }[];
      healthIssues: { name: string; slug: string }[];
      foodTypes: { name: string; slug: string }[];
      foodAllergens: { name: string; slug: string }[];
    }>();
    const byName = <T extends { name: string }>(list: readonly T[]) =>
      [...list].sort((a, b) => a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }));
    // The migration loaded exactly what src/reference holds, ids included.
    expect(body.breeds).toEqual(byName(breeds));
    expect(body.healthIssues).toEqual(byName(healthIssues));
    expect(body.foodTypes).toEqual(byName(foodTypes));
    expect(body.foodAllergens).toEqual(byName(foodAllergens));
    expect(body.breeds.length).toBeGreaterThanOrEqual(150);
    expect(body.breeds.find((b) => b.slug === 'cavoodle')).toEqual({
      identifier: 'ba40e818-579a-5210-89f7-133039db382b',
      name: 'Cavoodle',
      slug: 'cavoodle',
      minWeightKg: 5,
      maxWeightKg: 12,
    });
    expect(body.breeds.find((b) => b.slug === 'mixed-breed')).toMatchObject({
      minWeightKg: null,
      maxWeightKg: null,
    });
  });
});

describe('POST /dogs', () => {
  it('adds a dog: breeds named, weights from the breeds, energy worked out', async () => {
    const mealId = '9c8b7a6f-5e4d-4c3b-8a29-1f0e0d0c0b0a';
    const res = await call('POST', '/dogs', {
      userId: OWNER,
      dog: {
        name: '  Biscuit ',
        dateOfBirth: '2021-03-14',
        gender: 'female',
        isNeutered: true,
        breeds: ['cavoodle', 'cavoodle'],
        preferredBreedName: 'Cavoodle (F1)',
        height: '35',
        weight: ' 8.50 ',
        bodyType: 'perfect',
        activityLevel: 'loves_to_play',
        eatingHabits: 'choosy',
        healthIssues: ['skin-and-coat'],
        foodAllergies: ['chicken'],
        previousFoods: ['dry-food'],
      },
      mealProductIds: [mealId, mealId],
    });
    expect(res.statusCode).toBe(201);
    const dog = res.json<Dog>();
    expect(dog).toEqual({
      identifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: OWNER,
      name: 'Biscuit',
      dateOfBirth: '2021-03-14',
      dateOfBirthIsApproximate: false,
      gender: 'female',
      isNeutered: true,
      dateOfDeath: null,
      dateOfDeathIsApproximate: false,
      breeds: [{ slug: 'cavoodle', name: 'Cavoodle' }],
      recommendedMinWeight: 5,
      recommendedMaxWeight: 12,
      preferredBreedName: 'Cavoodle (F1)',
      height: '35',
      weight: '8.5',
      bodyType: 'perfect',
      activityLevel: 'loves_to_play',
      eatingHabits: 'choosy',
      healthIssues: ['skin-and-coat'],
      foodAllergies: ['chicken'],
      previousFoods: ['dry-food'],
      mealProductIds: [mealId],
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
      // 70 × 8.5^0.75 × 1.6 = 557.5
      dailyEnergyKilocalories: 558,
    });
    expect((await call('GET', `/dogs/${dog.identifier}`)).json<Dog>()).toEqual(dog);
  });

  it('needs only a name; everything else starts empty', async () => {
    const dog = await createDog({ name: 'Nameless' });
    expect(dog).toMatchObject({
      breeds: [],
      recommendedMinWeight: null,
      recommendedMaxWeight: null,
      weight: null,
      height: null,
      gender: null,
      isNeutered: null,
      healthIssues: [],
      mealProductIds: [],
      dailyEnergyKilocalories: null,
    });
  });

  it('spans the breeds of a cross for the recommended weight', async () => {
    const dog = await createDog({
      name: 'Mix',
      breeds: ['australian-kelpie', 'border-collie', 'mixed-breed'],
    });
    expect(dog.breeds.map((b) => b.name)).toEqual([
      'Australian Kelpie',
      'Border Collie',
      'Mixed breed',
    ]);
    expect([dog.recommendedMinWeight, dog.recommendedMaxWeight]).toEqual([11, 20]);
    const mixed = await createDog({ name: 'Mystery', breeds: ['mixed-breed'] });
    expect([mixed.recommendedMinWeight, mixed.recommendedMaxWeight]).toEqual([null, null]);
  });

  it('sizes a puppy for growth', async () => {
    // Four months old, 10 kg of a Labrador's 30.5: 210 × 10^0.75 = 1180.9
    const pup = await createDog({
      name: 'Pup',
      breeds: ['labrador-retriever'],
      dateOfBirth: '2026-07-01',
      weight: '10',
    });
    expect(pup.dailyEnergyKilocalories).toBe(1181);
  });

  it('answers malformed fields with the spec’s messages', async () => {
    const res = await call('POST', '/dogs', {
      userId: OWNER,
      dog: { name: 'Rex', height: 'tall', weight: '12kg', dateOfBirth: '14/03/2021' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400, type: 'validation' });
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([
        'Height must be a valid number',
        'Weight must be a valid number',
        'Invalid date format. Expected YYYY-MM-DD.',
      ]),
    );
    for (const weight of [12, '-3', '1000', '8.555', '']) {
      const r = await call('POST', '/dogs', { userId: OWNER, dog: { name: 'Rex', weight } });
      expect(r.statusCode).toBe(400);
      expect(messagesOf(r)).toEqual(['Weight must be a valid number']);
    }
    const noDeath = await call('POST', '/dogs', {
      userId: OWNER,
      dog: { name: 'Rex', dateOfDeath: '2026-02-30' },
    });
    expect(messagesOf(noDeath)).toEqual(['Invalid date format. Expected YYYY-MM-DD.']);
  });

  it('refuses a missing name, a bad owner and unknown fields', async () => {
    const res = await call('POST', '/dogs', { userId: 'someone', dog: { nickname: 'Rex' } });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining(['userId must be a valid UUID', "Enter the dog's name"]),
    );
    const blank = await call('POST', '/dogs', { userId: OWNER, dog: { name: '   ' } });
    expect(messagesOf(blank)).toEqual(["Enter the dog's name"]);
  });

  it('refuses a weight or height of zero', async () => {
    const res = await call('POST', '/dogs', {
      userId: OWNER,
      dog: { name: 'Rex', weight: '0', height: '0.00' },
    });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      'Height must be greater than 0',
      'Weight must be greater than 0',
    ]);
  });

  it('names every slug that is not in the reference data', async () => {
    const res = await call('POST', '/dogs', {
      userId: OWNER,
      dog: {
        name: 'Rex',
        breeds: ['cavoodle', 'dingo-wolf'],
        healthIssues: ['gout'],
        foodAllergies: ['chicken', 'gravel'],
        previousFoods: ['kibble'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: [
        'Unknown breed: dingo-wolf',
        'Unknown health issue: gout',
        'Unknown food allergen: gravel',
        'Unknown food type: kibble',
      ],
      error: 'Bad Request',
      statusCode: 400,
      type: 'validation',
      details: [
        { in: 'body', path: ['dog', 'breeds', '1'], code: 'unknown_slug' },
        { in: 'body', path: ['dog', 'healthIssues', '0'], code: 'unknown_slug' },
        { in: 'body', path: ['dog', 'foodAllergies', '1'], code: 'unknown_slug' },
        { in: 'body', path: ['dog', 'previousFoods', '0'], code: 'unknown_slug' },
      ],
    });
    const list = await call('GET', `/dogs?userId=${OWNER}`);
    expect(list.json<Dog[]>().map((d) => d.name)).not.toContain('Rex');
  });

  it('refuses a birth or death in the future and a death before birth', async () => {
    // Already 3 November in Sydney at 13:30 UTC on 2 November: a dog born "today" there is fine.
    clock.set('2026-11-02T13:30:00.000Z');
    try {
      const today = await call('POST', '/dogs', {
        userId: OWNER,
        dog: { name: 'Newborn', dateOfBirth: '2026-11-03' },
      });
      expect(today.statusCode).toBe(201);
      const tomorrow = await call('POST', '/dogs', {
        userId: OWNER,
        dog: { name: 'Unborn', dateOfBirth: '2026-11-04' },
      });
      expect(tomorrow.statusCode).toBe(400);
      expect(messagesOf(tomorrow)).toEqual(['Date of birth cannot be in the future']);
    } finally {
      clock.set('2026-11-02T09:00:00.000Z');
    }
    const before = await call('POST', '/dogs', {
      userId: OWNER,
      dog: { name: 'Ghost', dateOfBirth: '2015-06-01', dateOfDeath: '2015-05-31' },
    });
    expect(messagesOf(before)).toEqual(['Date of death cannot be before the date of birth']);
    const later = await call('POST', '/dogs', {
      userId: OWNER,
      dog: { name: 'Ghost', dateOfDeath: '2027-01-01' },
    });
    expect(messagesOf(later)).toEqual(['Date of death cannot be in the future']);
    const remembered = await createDog({
      name: 'Old Blue',
      dateOfBirth: '2010-01-01',
      dateOfBirthIsApproximate: true,
      dateOfDeath: '2024-05-01',
      dateOfDeathIsApproximate: true,
    });
    expect(remembered).toMatchObject({
      dateOfBirth: '2010-01-01',
      dateOfBirthIsApproximate: true,
      dateOfDeath: '2024-05-01',
      dateOfDeathIsApproximate: true,
    });
  });
});

describe('GET /dogs and GET /dogs/{dogId}', () => {
  it("lists a user's dogs oldest first, and no one else's", async () => {
    const user = '8c3f2e4a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
    const first = await createDog({ name: 'First' }, user);
    const second = await createDog({ name: 'Second' }, user); // same instant as First
    clock.advance(60_000);
    const third = await createDog({ name: 'Third' }, user);
    await createDog({ name: 'Elsewhere' }, STRANGER);
    const res = await call('GET', `/dogs?userId=${user}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Dog[]>().map((d) => d.identifier)).toEqual([
      first.identifier,
      second.identifier,
      third.identifier,
    ]);
    const nobody = await call('GET', '/dogs?userId=9d4a3f5b-6e7a-4b8c-9d0e-1f2a3b4c5d6e');
    expect(nobody.json()).toEqual([]);
  });

  it('needs a valid userId to list', async () => {
    for (const url of ['/dogs', '/dogs?userId=me']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual(['userId must be a valid UUID']);
    }
  });

  it('answers 404 for a missing dog and 400 for a malformed id', async () => {
    const missing = await call('GET', `/dogs/${MISSING_DOG}`);
    expectServiceError(missing, 404, 'Dog not found', 'not_found');
    const malformed = await call('GET', '/dogs/not-a-dog');
    expect(malformed.statusCode).toBe(400);
    expect(messagesOf(malformed)).toEqual(['dogId must be a valid UUID']);
  });
});

describe("another user's dog", () => {
  it('is not found on get, update and profile update, and stays as it was', async () => {
    const dog = await createDog({ name: 'Private', weight: '20' });
    const url = `/dogs/${dog.identifier}?userId=${STRANGER}`;
    const attempts = [
      await call('GET', url),
      await call('PATCH', url, { name: 'Stolen' }),
      await call('PATCH', `/dogs/${dog.identifier}/profile?userId=${STRANGER}`, { weight: '1' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      // Word for word what a missing dog gets: nothing says the dog exists.
      expect(res.json()).toEqual((await call('GET', `/dogs/${MISSING_DOG}`)).json());
    }
    expect((await call('GET', `/dogs/${dog.identifier}`)).json<Dog>()).toEqual(dog);
    const own = await call('GET', `/dogs/${dog.identifier}?userId=${OWNER}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<Dog>().name).toBe('Private');
  });
});

describe('PATCH /dogs/{dogId}', () => {
  it('changes only the details given; null clears', async () => {
    const dog = await createDog({
      name: 'Rover',
      breeds: ['beagle'],
      gender: 'male',
      preferredBreedName: 'Beagle',
      weight: '12',
    });
    clock.advance(60_000);
    const res = await call('PATCH', `/dogs/${dog.identifier}?userId=${OWNER}`, {
      name: 'Rover II',
      breeds: ['labrador-retriever', 'standard-poodle'],
      gender: null,
      preferredBreedName: '',
      isNeutered: false,
    });
    expect(res.statusCode).toBe(200);
    const changed = res.json<Dog>();
    expect(changed).toEqual({
      ...dog,
      name: 'Rover II',
      breeds: [
        { slug: 'labrador-retriever', name: 'Labrador Retriever' },
        { slug: 'standard-poodle', name: 'Standard Poodle' },
      ],
      recommendedMinWeight: 18,
      recommendedMaxWeight: 36,
      gender: null,
      preferredBreedName: null,
      isNeutered: false,
      updatedAt: clock.now().toISOString(),
      // Entire now: 70 × 12^0.75 × 1.8 = 70 × 6.4474 × 1.8 = 812.4
      dailyEnergyKilocalories: 812,
    });
    expect((await call('GET', `/dogs/${dog.identifier}`)).json<Dog>()).toEqual(changed);
  });

  it('leaves the dog untouched for an empty change', async () => {
    const dog = await createDog({ name: 'Still' });
    clock.advance(60_000);
    const res = await call('PATCH', `/dogs/${dog.identifier}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<Dog>()).toEqual(dog);
  });

  it('checks the dates against the ones the dog already has', async () => {
    const dog = await createDog({ name: 'Elder', dateOfBirth: '2012-04-01' });
    const early = await call('PATCH', `/dogs/${dog.identifier}`, { dateOfDeath: '2011-12-31' });
    expect(early.statusCode).toBe(400);
    expect(messagesOf(early)).toEqual(['Date of death cannot be before the date of birth']);
    const died = await call('PATCH', `/dogs/${dog.identifier}`, { dateOfDeath: '2025-12-31' });
    expect(died.json<Dog>().dateOfDeath).toBe('2025-12-31');
    const reborn = await call('PATCH', `/dogs/${dog.identifier}`, { dateOfBirth: '2026-01-01' });
    expect(messagesOf(reborn)).toEqual(['Date of death cannot be before the date of birth']);
    const future = await call('PATCH', `/dogs/${dog.identifier}`, { dateOfBirth: '2030-01-01' });
    expect(messagesOf(future)).toEqual(
      expect.arrayContaining(['Date of birth cannot be in the future']),
    );
    expect((await call('GET', `/dogs/${dog.identifier}`)).json<Dog>().dateOfBirth).toBe(
      '2012-04-01',
    );
  });

  it('refuses unknown breeds, profile fields and malformed dates', async () => {
    const dog = await createDog({ name: 'Strict' });
    const breed = await call('PATCH', `/dogs/${dog.identifier}`, { breeds: ['wolf'] });
    expect(breed.statusCode).toBe(400);
    expect(breed.json()).toMatchObject({
      message: ['Unknown breed: wolf'],
      details: [{ in: 'body', path: ['breeds', '0'], code: 'unknown_slug' }],
    });
    const profileField = await call('PATCH', `/dogs/${dog.identifier}`, { weight: '10' });
    expect(profileField.statusCode).toBe(400);
    const date = await call('PATCH', `/dogs/${dog.identifier}`, { dateOfBirth: '2020-1-1' });
    expect(messagesOf(date)).toEqual(['Invalid date format. Expected YYYY-MM-DD.']);
    const tooMany = await call('PATCH', `/dogs/${dog.identifier}`, {
      breeds: ['beagle', 'pug', 'boxer', 'whippet'],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers 404 for a missing dog', async () => {
    const res = await call('PATCH', `/dogs/${MISSING_DOG}`, { name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Dog not found');
  });
});

describe('PATCH /dogs/{dogId}/profile', () => {
  it('re-sizes the daily energy when the weight or shape changes', async () => {
    const dog = await createDog({
      name: 'Ranger',
      breeds: ['australian-kelpie'],
      dateOfBirth: '2019-08-02',
      isNeutered: true,
    });
    expect(dog.dailyEnergyKilocalories).toBeNull();
    const url = `/dogs/${dog.identifier}/profile?userId=${OWNER}`;

    const weighed = await call('PATCH', url, { weight: '19', height: '52.5' });
    expect(weighed.statusCode).toBe(200);
    // 70 × 19^0.75 × 1.6 = 1019.3
    expect(weighed.json<Dog>()).toMatchObject({
      weight: '19',
      height: '52.5',
      dailyEnergyKilocalories: 1019,
    });

    const heavier = await call('PATCH', url, { weight: '22' });
    // 70 × 22^0.75 × 1.6 = 70 × 10.1582 × 1.6 = 1137.7
    expect(heavier.json<Dog>().dailyEnergyKilocalories).toBe(1138);

    const energetic = await call('PATCH', url, {
      weight: '19',
      activityLevel: 'ball_of_energy',
      bodyType: 'slim',
      eatingHabits: 'eats_anything',
      healthIssues: ['joint-issues', 'arthritis'],
      foodAllergies: ['beef'],
      previousFoods: ['raw-food'],
    });
    expect(energetic.json<Dog>()).toMatchObject({
      activityLevel: 'ball_of_energy',
      bodyType: 'slim',
      eatingHabits: 'eats_anything',
      healthIssues: ['joint-issues', 'arthritis'],
      foodAllergies: ['beef'],
      previousFoods: ['raw-food'],
      // 70 × 19^0.75 × 2.0 × 1.1 = 1401.5
      dailyEnergyKilocalories: 1401,
      name: 'Ranger',
    });

    const chunky = await call('PATCH', url, { bodyType: 'chunky', activityLevel: null });
    // Weight loss: 70 × 19^0.75 × 1.6 × 0.6 = 611.6
    expect(chunky.json<Dog>().dailyEnergyKilocalories).toBe(612);

    const forgotten = await call('PATCH', url, { weight: null });
    expect(forgotten.json<Dog>()).toMatchObject({ weight: null, dailyEnergyKilocalories: null });
  });

  it('refuses unknown slugs, bad numbers and detail fields', async () => {
    const dog = await createDog({ name: 'Picky' });
    const url = `/dogs/${dog.identifier}/profile`;
    const slugs = await call('PATCH', url, { healthIssues: ['gout'], foodAllergies: ['sand'] });
    expect(slugs.statusCode).toBe(400);
    expect(messagesOf(slugs)).toEqual([
      'Unknown health issue: gout',
      'Unknown food allergen: sand',
    ]);
    const height = await call('PATCH', url, { height: 'abc' });
    expect(messagesOf(height)).toEqual(['Height must be a valid number']);
    const weight = await call('PATCH', url, { weight: '0' });
    expect(messagesOf(weight)).toEqual(['Weight must be greater than 0']);
    const bodyType = await call('PATCH', url, { bodyType: 'round' });
    expect(messagesOf(bodyType)).toEqual(['bodyType must be one of: slim, perfect, chunky']);
    const name = await call('PATCH', url, { name: 'Renamed' });
    expect(name.statusCode).toBe(400);
    expect((await call('GET', `/dogs/${dog.identifier}`)).json<Dog>()).toEqual(dog);
  });

  it('answers 404 for a missing dog', async () => {
    const res = await call('PATCH', `/dogs/${MISSING_DOG}/profile`, { weight: '10' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Dog not found');
  });
});

describe('access', () => {
  it('refuses callers without service credentials, and customers', async () => {
    for (const url of ['/dogs/metadata', `/dogs?userId=${OWNER}`, `/dogs/${MISSING_DOG}`]) {
      const missing = await service.app().inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    const wrong = await service.app().inject({
      method: 'POST',
      url: '/dogs',
      headers: { authorization: 'Bearer not-the-token', 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: OWNER, dog: { name: 'Sneaky' } }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The service credentials are not valid');

    const token = async (role: 'customer' | 'support' | 'admin') =>
      (
        await signAccessToken({ userId: OWNER, role, sessionId: 's1' }, TEST_ACCESS_TOKEN_SECRET, {
          now: clock.now(),
          ttlSeconds: 600,
        })
      ).token;
    const customer = await service.app().inject({
      method: 'GET',
      url: `/dogs?userId=${OWNER}`,
      headers: { authorization: `Bearer ${await token('customer')}` },
    });
    expect(customer.statusCode).toBe(403);
    const support = await service.app().inject({
      method: 'GET',
      url: `/dogs?userId=${OWNER}`,
      headers: { authorization: `Bearer ${await token('support')}` },
    });
    expect(support.statusCode).toBe(403);
    const admin = await service.app().inject({
      method: 'GET',
      url: `/dogs?userId=${OWNER}`,
      headers: { authorization: `Bearer ${await token('admin')}` },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('answers health without credentials', async () => {
    const res = await service.app().inject({ method: 'GET', url: '/dogs/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('odd input', () => {
  it('never crashes and always answers in the envelope', async () => {
    expect(await fuzzContract(service.app(), dogsContract, serviceAuth)).toEqual([]);
  });
});
