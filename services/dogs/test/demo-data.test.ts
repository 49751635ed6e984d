import { describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import { callJson, serviceUnderTest } from '@pawfresh/testing';
import type { Dog } from '@pawfresh/contracts/dogs';
import { dogsService, DEMO_CUSTOMER_ID, DEMO_DOG_IDS } from '../src/index.js';
import { seedDemoDogs } from '../src/seed/seed-demo-dogs.js';

const clock = new TestClock('2026-11-02T09:00:00.000Z');

const service = serviceUnderTest(dogsService, { clock });

describe('demo data', () => {
  it('gives the demo customer Biscuit and Ranger on a first start, and only then', async () => {
    expect(await seedDemoDogs(service.database(), clock)).toEqual({
      seeded: true,
      summary: '2 demo dogs',
    });
    expect(await seedDemoDogs(service.database(), clock)).toMatchObject({ seeded: false });

    const res = await callJson(service.app(), 'GET', `/dogs?userId=${DEMO_CUSTOMER_ID}`);
    const dogs = res.json<Dog[]>();
    expect(dogs.map((d) => d.identifier)).toEqual([DEMO_DOG_IDS.biscuit, DEMO_DOG_IDS.ranger]);
    expect(dogs[0]).toMatchObject({
      name: 'Biscuit',
      breeds: [{ slug: 'cavoodle', name: 'Cavoodle' }],
      gender: 'female',
      isNeutered: true,
      dateOfBirth: '2021-03-14',
      weight: '8.5',
      bodyType: 'perfect',
      activityLevel: 'loves_to_play',
      eatingHabits: 'choosy',
      foodAllergies: ['chicken'],
      mealProductIds: [],
      recommendedMinWeight: 5,
      recommendedMaxWeight: 12,
      dailyEnergyKilocalories: 558,
    });
    expect(dogs[1]).toMatchObject({
      name: 'Ranger',
      breeds: [{ slug: 'australian-kelpie', name: 'Australian Kelpie' }],
      gender: 'male',
      isNeutered: true,
      dateOfBirth: '2019-08-02',
      dateOfBirthIsApproximate: true,
      weight: '19',
      bodyType: 'slim',
      activityLevel: 'ball_of_energy',
      eatingHabits: 'eats_anything',
      healthIssues: ['joint-issues'],
      dailyEnergyKilocalories: 1401,
    });
  });
});
