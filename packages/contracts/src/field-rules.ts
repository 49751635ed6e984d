/**
 * The zod-free core of the field rules (lengths, patterns, messages) and hand checks built from
 * them, for code that must stay small (the customer app's sign-in page, which loads before
 * anything else). `fields.ts` builds its zod schemas from these same values and re-exports them:
 * the rules are written once, here.
 */

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be ${MAX_PASSWORD_LENGTH} characters or less`;

/** The longest e-mail address (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
export const EMAIL_MESSAGE = 'Enter a valid email address';
/** A practical e-mail address pattern (zod's own `z.regexes.email`, which `fields.ts` uses). */
export const EMAIL_PATTERN =
  // zod's pattern verbatim (its escapes included), so the two can be compared by source.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** What `fields.email` keeps of an entered e-mail address: trimmed, lower case. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/**
 * The `fields.email` rule without zod: the message the schema gives, or undefined when the
 * address passes. (The schema answers zod's generic "too big" wording past 254 characters; this
 * check says "Enter a valid email address" for that too.)
 */
export function checkEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return EMAIL_MESSAGE;
  const normalized = normalizeEmail(value);
  if (!EMAIL_PATTERN.test(normalized) || normalized.length > MAX_EMAIL_LENGTH) {
    return EMAIL_MESSAGE;
  }
  return undefined;
}

/**
 * The `fields.enteredPassword(message)` rule without zod: a password being checked is any text
 * the server stores, not empty; `message` when it is missing. (Past 128 characters the schema
 * answers zod's generic wording; this check, the words of `fields.password`.)
 */
export function checkEnteredPassword(value: unknown, message: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return message;
  if (value.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return undefined;
}

/** The dogs one sign-up takes at once (docs/sign-up.md); more are added from the account. */
export const MAX_SIGN_UP_DOGS = 4;
