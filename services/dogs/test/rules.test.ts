import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { australianToday, dogDateProblems } from '../src/rules/dog-dates.js';
import { recommendedWeightRange } from '../src/rules/recommended-weight.js';
import { distinct, unknownSlugProblems } from '../src/rules/reference-slugs.js';

describe('australianToday', () => {
  it('is the date on the east coast, which reaches a new day before UTC', () => {
    expect(australianToday(new Date('2026-11-02T09:00:00Z'))).toBe('2026-11-02');
    // 13:30 UTC on 2 November is 00:30 on 3 November in Sydney (AEDT, UTC+11).
    expect(australianToday(new Date('2026-11-02T13:30:00Z'))).toBe('2026-11-03');
    // In winter (AEST, UTC+10) the day turns at 14:00 UTC.
    expect(australianToday(new Date('2026-06-30T13:59:00Z'))).toBe('2026-06-30');
    expect(australianToday(new Date('2026-06-30T14:00:00Z'))).toBe('2026-07-01');
  });
});

describe('dogDateProblems', () => {
  const today = '2026-11-02';
  it('accepts dates up to today, in order', () => {
    expect(dogDateProblems({ dateOfBirth: '2026-11-02', dateOfDeath: null }, today)).toEqual([]);
    expect(
      dogDateProblems({ dateOfBirth: '2015-01-01', dateOfDeath: '2015-01-01' }, today),
    ).toEqual([]);
    expect(dogDateProblems({ dateOfBirth: null, dateOfDeath: '2020-01-01' }, today)).toEqual([]);
  });

  it('refuses a birth or death in the future, and a death before birth', () => {
    expect(dogDateProblems({ dateOfBirth: '2026-11-03', dateOfDeath: null }, today)).toEqual([
      { field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
    ]);
    expect(dogDateProblems({ dateOfBirth: null, dateOfDeath: '2027-01-01' }, today)).toEqual([
      { field: 'dateOfDeath', message: 'Date of death cannot be in the future' },
    ]);
    expect(
      dogDateProblems({ dateOfBirth: '2020-05-01', dateOfDeath: '2020-04-30' }, today),
    ).toEqual([
      { field: 'dateOfDeath', message: 'Date of death cannot be before the date of birth' },
    ]);
  });

  it('checks only the dates being set against today, but always their order', () => {
    const stored = { dateOfBirth: '2026-12-01', dateOfDeath: null };
    expect(dogDateProblems(stored, today, { dateOfBirth: false, dateOfDeath: false })).toEqual([]);
    expect(
      dogDateProblems({ dateOfBirth: '2021-01-01', dateOfDeath: '2020-01-01' }, today, {
        dateOfBirth: true,
        dateOfDeath: false,
      }),
    ).toEqual([
      { field: 'dateOfBirth', message: 'Date of death cannot be before the date of birth' },
    ]);
  });
});

describe('recommendedWeightRange', () => {
  it('spans the lightest to the heaviest breed, ignoring breeds with no size', () => {
    expect(
      recommendedWeightRange([
        { minWeightKg: 5, maxWeightKg: 12 },
        { minWeightKg: 11, maxWeightKg: 20 },
        { minWeightKg: null, maxWeightKg: null },
      ]),
    ).toEqual({ recommendedMinWeight: 5, recommendedMaxWeight: 20 });
    expect(recommendedWeightRange([{ minWeightKg: null, maxWeightKg: null }])).toEqual({
      recommendedMinWeight: null,
      recommendedMaxWeight: null,
    });
    expect(recommendedWeightRange([])).toEqual({
      recommendedMinWeight: null,
      recommendedMaxWeight: null,
    });
  });

  test.prop([
    fc.array(
      fc
        .tuple(
          fc.double({ min: 1, max: 90, noNaN: true }),
          fc.double({ min: 0, max: 30, noNaN: true }),
        )
        .map(([min, span]) => ({ minWeightKg: min, maxWeightKg: min + span })),
      { minLength: 1, maxLength: 3 },
    ),
  ])('covers every breed range', (breeds) => {
    const range = recommendedWeightRange(breeds);
    for (const b of breeds) {
      expect(range.recommendedMinWeight!).toBeLessThanOrEqual(b.minWeightKg);
      expect(range.recommendedMaxWeight!).toBeGreaterThanOrEqual(b.maxWeightKg);
    }
  });
});

describe('unknownSlugProblems', () => {
  const known = {
    breeds: new Set(['cavoodle']),
    healthIssues: new Set(['diabetes']),
    foodAllergies: new Set(['chicken']),
    previousFoods: new Set(['dry-food']),
  };
  it('names each unknown slug with what it should have been', () => {
    expect(
      unknownSlugProblems(
        {
          breeds: ['cavoodle', 'wolf'],
          healthIssues: ['gout'],
          foodAllergies: ['chicken', 'gravel'],
          previousFoods: ['kibble'],
        },
        known,
      ),
    ).toEqual([
      { field: 'breeds', index: 1, message: 'Unknown breed: wolf' },
      { field: 'healthIssues', index: 0, message: 'Unknown health issue: gout' },
      { field: 'foodAllergies', index: 1, message: 'Unknown food allergen: gravel' },
      { field: 'previousFoods', index: 0, message: 'Unknown food type: kibble' },
    ]);
    expect(unknownSlugProblems({ breeds: ['cavoodle'] }, known)).toEqual([]);
  });

  it('keeps the first of repeated slugs, in order', () => {
    expect(distinct(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });
});
