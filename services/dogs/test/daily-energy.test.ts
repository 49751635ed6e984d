import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { activityLevels, bodyTypes } from '@pawfresh/contracts/enums';
import {
  completedMonths,
  dailyEnergyKilocalories,
  type EnergyDog,
} from '../src/rules/daily-energy.js';

const TODAY = '2026-11-02';
const adult: EnergyDog = {
  weightKg: 10,
  dateOfBirth: '2020-01-01',
  isNeutered: true,
  activityLevel: 'loves_to_play',
  bodyType: 'perfect',
  breeds: [],
};
const labrador = [{ minWeightKg: 25, maxWeightKg: 36 }]; // expected adult 30.5 kg, large breed
const cavoodle = [{ minWeightKg: 5, maxWeightKg: 12 }]; // expected adult 8.5 kg
const mixed = [{ minWeightKg: null, maxWeightKg: null }];

describe('dailyEnergyKilocalories: worked examples (docs/energy.md)', () => {
  // 10^0.75 = 5.62341, so RER(10 kg) = 70 × 5.62341 = 393.64 kcal.
  it('sizes a 10 kg adult by neutering, activity and body type', () => {
    expect(dailyEnergyKilocalories(adult, TODAY)).toBe(630); // 393.64 × 1.6 = 629.8
    expect(dailyEnergyKilocalories({ ...adult, isNeutered: false }, TODAY)).toBe(709); // × 1.8 = 708.6
    expect(dailyEnergyKilocalories({ ...adult, isNeutered: null }, TODAY)).toBe(630); // not told: neutered
    expect(dailyEnergyKilocalories({ ...adult, activityLevel: 'chilled' }, TODAY)).toBe(472); // × 1.2 = 472.4
    expect(dailyEnergyKilocalories({ ...adult, activityLevel: 'ball_of_energy' }, TODAY)).toBe(787); // × 2.0 = 787.3
    expect(dailyEnergyKilocalories({ ...adult, bodyType: 'chunky' }, TODAY)).toBe(378); // × 1.6 × 0.6 = 377.9
    expect(dailyEnergyKilocalories({ ...adult, bodyType: 'slim' }, TODAY)).toBe(693); // × 1.6 × 1.1 = 692.8
    expect(
      dailyEnergyKilocalories(
        { ...adult, isNeutered: false, activityLevel: 'chilled', bodyType: 'chunky' },
        TODAY,
      ),
    ).toBe(331); // × (1.8 − 0.4) × 0.6 = 330.7
    expect(dailyEnergyKilocalories({ ...adult, activityLevel: null, bodyType: null }, TODAY)).toBe(
      630,
    ); // not told: loves to play, perfect
  });

  it('sizes the demo dogs', () => {
    // Biscuit: 8.5^0.75 = 4.97811, RER 348.47, × 1.6 = 557.5
    expect(
      dailyEnergyKilocalories(
        { ...adult, weightKg: 8.5, dateOfBirth: '2021-03-14', breeds: cavoodle },
        TODAY,
      ),
    ).toBe(558);
    // Ranger: 19^0.75 = 9.10050, RER 637.03, × (1.6 + 0.4) × 1.1 = 1401.5
    expect(
      dailyEnergyKilocalories(
        {
          ...adult,
          weightKg: 19,
          dateOfBirth: '2019-08-02',
          activityLevel: 'ball_of_energy',
          bodyType: 'slim',
          breeds: [{ minWeightKg: 11, maxWeightKg: 20 }],
        },
        TODAY,
      ),
    ).toBe(1401);
  });

  it('sizes puppies by the share of their expected adult weight', () => {
    const pup = { ...adult, isNeutered: null, breeds: labrador };
    // 4 months, 10 kg of 30.5 (33%): 210 × 5.62341 = 1180.9
    expect(dailyEnergyKilocalories({ ...pup, dateOfBirth: '2026-07-01' }, TODAY)).toBe(1181);
    // 6 months, 20 kg of 30.5 (66%): 20^0.75 = 9.45742, 175 × 9.45742 = 1655.0
    expect(
      dailyEnergyKilocalories({ ...pup, weightKg: 20, dateOfBirth: '2026-05-01' }, TODAY),
    ).toBe(1655);
    // 16 months (a large breed grows until 18), 27 kg of 30.5 (89%): 27^0.75 = 11.84467, × 140 = 1658.3
    expect(
      dailyEnergyKilocalories({ ...pup, weightKg: 27, dateOfBirth: '2025-07-01' }, TODAY),
    ).toBe(1658);
    // 19 months: an adult Labrador, 27 kg: 70 × 11.84467 × 1.6 = 1326.6
    expect(
      dailyEnergyKilocalories({ ...pup, weightKg: 27, dateOfBirth: '2025-04-01' }, TODAY),
    ).toBe(1327);
  });

  it('ends puppyhood at 12 months for breeds up to 25 kg', () => {
    const dog = { ...adult, weightKg: 8, breeds: cavoodle };
    // 11 months, 8 kg of 8.5 (94%): 8^0.75 = 4.75683, × 140 = 666.0
    expect(dailyEnergyKilocalories({ ...dog, dateOfBirth: '2025-11-03' }, TODAY)).toBe(666);
    // 12 months to the day: adult, 70 × 4.75683 × 1.6 = 532.8
    expect(dailyEnergyKilocalories({ ...dog, dateOfBirth: '2025-11-02' }, TODAY)).toBe(533);
  });

  it('sizes a puppy of no known adult size by age', () => {
    const pup = { ...adult, weightKg: 5, isNeutered: null, breeds: mixed };
    // 3 months: 5^0.75 = 3.34370, × 210 = 702.2
    expect(dailyEnergyKilocalories({ ...pup, dateOfBirth: '2026-08-01' }, TODAY)).toBe(702);
    // 7 months: × 140 = 468.1
    expect(dailyEnergyKilocalories({ ...pup, dateOfBirth: '2026-04-01' }, TODAY)).toBe(468);
    // No birth date: sized as an adult, 70 × 3.34370 × 1.6 = 374.5
    expect(dailyEnergyKilocalories({ ...pup, dateOfBirth: null }, TODAY)).toBe(374);
  });

  it('does not put a growing dog on a diet, and gives an energetic adolescent its adult need', () => {
    const pup = { ...adult, weightKg: 27, dateOfBirth: '2025-07-01', breeds: labrador };
    expect(dailyEnergyKilocalories({ ...pup, bodyType: 'chunky' }, TODAY)).toBe(1658);
    // Entire and a ball of energy: 70 × 11.84467 × 2.2 = 1824.1 > the growth 1658.3
    expect(
      dailyEnergyKilocalories(
        { ...pup, isNeutered: false, activityLevel: 'ball_of_energy' },
        TODAY,
      ),
    ).toBe(1824);
  });

  it('is null until the weight is known', () => {
    expect(dailyEnergyKilocalories({ ...adult, weightKg: null }, TODAY)).toBeNull();
    expect(dailyEnergyKilocalories({ ...adult, weightKg: 0 }, TODAY)).toBeNull();
    expect(dailyEnergyKilocalories({ ...adult, weightKg: Number.NaN }, TODAY)).toBeNull();
  });
});

describe('completedMonths', () => {
  it('counts whole months, never negative', () => {
    expect(completedMonths('2025-11-02', '2026-11-02')).toBe(12);
    expect(completedMonths('2025-11-03', '2026-11-02')).toBe(11);
    expect(completedMonths('2026-01-31', '2026-02-28')).toBe(0);
    expect(completedMonths('2026-01-31', '2026-03-01')).toBe(1);
    expect(completedMonths('2027-01-01', '2026-11-02')).toBe(0);
  });
});

const weight = fc.double({ min: 0.5, max: 100, noNaN: true });
const date = fc
  .date({ min: new Date('2005-01-01'), max: new Date('2026-11-02'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const breedWeights = fc.oneof(
  fc.constant({ minWeightKg: null, maxWeightKg: null }),
  fc
    .tuple(fc.double({ min: 1, max: 90, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }))
    .map(([min, span]) => ({ minWeightKg: min, maxWeightKg: min + span })),
);
const traits = fc.record({
  isNeutered: fc.constantFrom(true, false, null),
  activityLevel: fc.constantFrom(...activityLevels, null),
  bodyType: fc.constantFrom(...bodyTypes, null),
  breeds: fc.array(breedWeights, { maxLength: 3 }),
});
const anyDog = fc
  .tuple(traits, weight, fc.option(date, { nil: null }))
  .map(([t, weightKg, dateOfBirth]): EnergyDog => ({ ...t, weightKg, dateOfBirth }));

describe('dailyEnergyKilocalories: properties', () => {
  test.prop([anyDog])('is a whole, positive number of kilocalories', (dog) => {
    const kcal = dailyEnergyKilocalories(dog, TODAY);
    expect(Number.isInteger(kcal)).toBe(true);
    expect(kcal).toBeGreaterThan(0);
  });

  test.prop([traits, weight, weight])('gives a heavier adult at least as much', (t, a, b) => {
    const adultDog = (weightKg: number) => ({ ...t, weightKg, dateOfBirth: null });
    const [light, heavy] = a <= b ? [a, b] : [b, a];
    expect(dailyEnergyKilocalories(adultDog(heavy), TODAY)!).toBeGreaterThanOrEqual(
      dailyEnergyKilocalories(adultDog(light), TODAY)!,
    );
  });

  test.prop([anyDog])('gives a chunky dog no more than the same dog in perfect shape', (dog) => {
    expect(dailyEnergyKilocalories({ ...dog, bodyType: 'chunky' }, TODAY)!).toBeLessThanOrEqual(
      dailyEnergyKilocalories({ ...dog, bodyType: 'perfect' }, TODAY)!,
    );
  });

  test.prop([traits, weight, fc.integer({ min: 0, max: 11 })])(
    'gives a puppy at least as much as an adult of the same weight, and more than a typical one',
    (t, weightKg, ageMonths) => {
      const born = new Date(Date.UTC(2026, 10 - ageMonths, 1)).toISOString().slice(0, 10);
      const puppy = dailyEnergyKilocalories({ ...t, weightKg, dateOfBirth: born }, TODAY)!;
      const grown = dailyEnergyKilocalories({ ...t, weightKg, dateOfBirth: null }, TODAY)!;
      const typical = dailyEnergyKilocalories(
        {
          ...adult,
          ...t,
          isNeutered: true,
          activityLevel: null,
          bodyType: null,
          weightKg,
          dateOfBirth: null,
        },
        TODAY,
      )!;
      expect(puppy).toBeGreaterThanOrEqual(grown);
      expect(puppy).toBeGreaterThan(typical);
    },
  );
});
