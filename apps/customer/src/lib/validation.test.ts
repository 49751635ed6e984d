import { describe, expect, it } from 'vitest';

import {
  isCalendarDate,
  validateEmail,
  validateMeasure,
  validatePassword,
  validatePhoneNumber,
} from './validation';

describe('validatePhoneNumber (customer-app.md §5)', () => {
  it('accepts +61 or 0, then 2, 3, 4, 7 or 8, then 8 digits, ignoring spaces', () => {
    for (const phone of [
      '0412345678',
      '0412 345 678',
      '+61412345678',
      '(02) 9876 5432',
      '0812345678',
    ]) {
      expect(validatePhoneNumber(phone)).toBeUndefined();
    }
  });

  it('accepts no number at all', () => {
    expect(validatePhoneNumber('')).toBeUndefined();
    expect(validatePhoneNumber('   ')).toBeUndefined();
  });

  it('refuses anything else with the server’s message', () => {
    for (const phone of ['0512345678', '041234567', '04123456789', '+6412345678', '123', 'phone']) {
      expect(validatePhoneNumber(phone)).toBe('Invalid Australian phone number');
    }
  });
});

describe('validatePassword', () => {
  it('needs at least 6 characters', () => {
    expect(validatePassword('12345')).toBe('Password must be at least 6 characters long');
    expect(validatePassword('123456')).toBeUndefined();
  });
});

describe('validateEmail', () => {
  it('wants something@domain.tld', () => {
    expect(validateEmail(' sam@example.com ')).toBeUndefined();
    expect(validateEmail('sam@example')).toBe('Enter a valid email address');
    expect(validateEmail('')).toBe('Enter a valid email address');
  });
});

describe('isCalendarDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
    expect(isCalendarDate('14/03/2021')).toBe(false);
  });
});

describe('validateMeasure', () => {
  it('accepts up to 3 digits and 2 decimals, or nothing', () => {
    expect(validateMeasure('16.5', 'Weight')).toBeUndefined();
    expect(validateMeasure('', 'Weight')).toBeUndefined();
    expect(validateMeasure('heavy', 'Weight')).toBe('Weight must be a valid number');
    expect(validateMeasure('12.345', 'Height')).toBe('Height must be a valid number');
    expect(validateMeasure('1000', 'Height')).toBe('Height must be a valid number');
  });
});
