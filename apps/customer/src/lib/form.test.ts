import {
  australianPhone,
  calendarDate,
  dogMeasure,
  email,
  password,
} from '@pawfresh/contracts/fields';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { blankOr } from './form';

// The forms check the contract's field rules (packages/contracts/src/fields.ts), so a person sees
// the server's message before a round trip. These are the rules as the forms use them.

function messageOf(rule: z.ZodType, value: string): string | undefined {
  const result = rule.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('phone number (customer-app.md §5)', () => {
  const phone = blankOr(australianPhone);

  it('accepts +61 or 0, then 2, 3, 4, 7 or 8, then 8 digits, ignoring spaces', () => {
    for (const value of [
      '0412345678',
      '0412 345 678',
      '+61412345678',
      '(02) 9876 5432',
      '0812345678',
    ]) {
      expect(messageOf(phone, value)).toBeUndefined();
    }
  });

  it('accepts no number at all', () => {
    expect(messageOf(phone, '')).toBeUndefined();
    expect(messageOf(phone, '   ')).toBeUndefined();
  });

  it('refuses anything else with the server’s message', () => {
    for (const value of ['0512345678', '041234567', '04123456789', '+6412345678', '123', 'phone']) {
      expect(messageOf(phone, value)).toBe('Invalid Australian phone number');
    }
  });
});

describe('password', () => {
  it('needs at least 6 characters', () => {
    expect(messageOf(password, '12345')).toBe('Password must be at least 6 characters long');
    expect(messageOf(password, '123456')).toBeUndefined();
  });
});

describe('email', () => {
  it('wants something@domain.tld', () => {
    expect(messageOf(email, ' sam@example.com ')).toBeUndefined();
    expect(messageOf(email, 'sam@example')).toBe('Enter a valid email address');
    expect(messageOf(email, '')).toBe('Enter a valid email address');
  });
});

describe('calendar date', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate.safeParse('2023-02-29').success).toBe(false);
    expect(calendarDate.safeParse('2024-2-9').success).toBe(false);
    expect(calendarDate.safeParse('14/03/2021').success).toBe(false);
  });
});

describe('weight and height', () => {
  it('accepts up to 3 digits and 2 decimals, or nothing', () => {
    expect(messageOf(blankOr(dogMeasure('Weight')), '16.5')).toBeUndefined();
    expect(messageOf(blankOr(dogMeasure('Weight')), '')).toBeUndefined();
    expect(messageOf(blankOr(dogMeasure('Weight')), 'heavy')).toBe('Weight must be a valid number');
    expect(messageOf(blankOr(dogMeasure('Height')), '12.345')).toBe(
      'Height must be a valid number',
    );
    expect(messageOf(blankOr(dogMeasure('Height')), '1000')).toBe('Height must be a valid number');
  });
});
