import { fc, test } from '@fast-check/vitest';
import {
  checkEmail,
  checkEnteredPassword,
  EMAIL_PATTERN,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
} from '@pawfresh/contracts/field-rules';
import { email, enteredPassword } from '@pawfresh/contracts/fields';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The sign-in page (login.html) checks its fields with the zod-free rule core of the contracts (so
// it loads no zod); these checks must give the answers of the zod schemas the server uses.

const messageOf = (rule: z.ZodType, value: unknown) => {
  const result = rule.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.string(),
  fc
    .tuple(fc.constantFrom(' ', '', '\t'), fc.emailAddress(), fc.constantFrom(' ', '', 'A'))
    .map(([before, address, after]) => `${before}${address.toUpperCase()}${after}`),
  fc.constantFrom('sam@example', '@example.com', 'sam@@example.com', 'sam..x@example.com', ''),
);

describe('checkEmail', () => {
  it('uses the very pattern of zod’s e-mail rule', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  test.prop([emailLike])('accepts exactly what the contract’s email rule accepts', (value) => {
    const zodMessage = messageOf(email, value);
    expect(checkEmail(value) === undefined).toBe(zodMessage === undefined);
    if (zodMessage !== undefined && value.trim().length <= MAX_EMAIL_LENGTH) {
      expect(checkEmail(value)).toBe(zodMessage);
    }
  });

  it('refuses what is not text, and an address past 254 characters', () => {
    expect(checkEmail(undefined)).toBe('Enter a valid email address');
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toBe('Enter a valid email address');
  });
});

describe('checkEnteredPassword', () => {
  const entered = enteredPassword('Enter your password');

  test.prop([fc.string({ maxLength: MAX_PASSWORD_LENGTH + 20 })])(
    'accepts exactly what the contract’s entered-password rule accepts',
    (value) => {
      const zodMessage = messageOf(entered, value);
      const message = checkEnteredPassword(value, 'Enter your password');
      expect(message === undefined).toBe(zodMessage === undefined);
      if (value === '') expect(message).toBe(zodMessage);
    },
  );

  it('says what is wrong', () => {
    expect(checkEnteredPassword('', 'Enter your password')).toBe('Enter your password');
    expect(checkEnteredPassword('x'.repeat(129), 'Enter your password')).toBe(
      'Password must be 128 characters or less',
    );
  });
});
