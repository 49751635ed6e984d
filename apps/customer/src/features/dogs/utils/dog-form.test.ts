import { describe, expect, it } from 'vitest';

import { biscuit } from '../../../testing/fixtures';
import {
  toDogDetailsInput,
  toDogDetailsValues,
  toDogProfileInput,
  toDogProfileValues,
  validateDogDetails,
  validateDogProfile,
} from './dog-form';

describe('dog details', () => {
  it('round-trips a dog into form values and back into the PATCH body', () => {
    expect(toDogDetailsInput(toDogDetailsValues(biscuit))).toEqual({
      name: 'Biscuit',
      dateOfBirth: '2021-03-14',
      dateOfBirthIsApproximate: false,
      gender: 'female',
      isNeutered: true,
      breeds: ['kelpie'],
    });
  });

  it('sends unanswered questions as null, and no approximate date without a date', () => {
    const values = { ...toDogDetailsValues(), name: ' Pip ', dateOfBirthIsApproximate: true };
    expect(toDogDetailsInput(values)).toEqual({
      name: 'Pip',
      dateOfBirth: null,
      dateOfBirthIsApproximate: false,
      gender: null,
      isNeutered: null,
      breeds: [],
    });
  });

  it('needs a name, a real past date and at most three breeds', () => {
    const values = {
      ...toDogDetailsValues(),
      // Typed day/month/year: a day that does not exist stays as typed (DayMonthYearInput).
      dateOfBirth: '30/02/2023',
      breeds: ['a', 'b', 'c', 'd'],
    };
    expect(validateDogDetails(values, '2025-06-01')).toEqual({
      name: 'Enter your dog’s name',
      dateOfBirth: 'Enter the date as day/month/year, for example 24/12/2026',
      breeds: 'Choose up to 3 breeds',
    });
    expect(
      validateDogDetails(
        { ...values, name: 'Pip', dateOfBirth: '2025-06-02', breeds: [] },
        '2025-06-01',
      ),
    ).toEqual({ dateOfBirth: 'Date of birth can’t be in the future' });
  });
});

describe('dog profile', () => {
  it('round-trips a dog into form values and back into dogProfileInput', () => {
    expect(toDogProfileInput(toDogProfileValues(biscuit))).toEqual({
      weight: '16.5',
      height: '48',
      bodyType: 'perfect',
      activityLevel: 'loves_to_play',
      eatingHabits: 'choosy',
      healthIssues: [],
      foodAllergies: ['chicken'],
      previousFoods: ['dry-food'],
    });
  });

  it('checks weight and height like the server', () => {
    expect(
      validateDogProfile({ ...toDogProfileValues(), weight: '12kg', height: '45.123' }),
    ).toEqual({
      weight: 'Weight must be a valid number',
      height: 'Height must be a valid number',
    });
    expect(validateDogProfile({ ...toDogProfileValues(), weight: ' 12.5 ' })).toEqual({});
  });
});
