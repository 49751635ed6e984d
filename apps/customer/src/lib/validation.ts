// Field rules the server applies (customer-app.md §5, the contract's fields.ts and dogs.ts), with
// the same messages, so a person sees the error before a round trip. One rule, one place.

export const INVALID_PHONE_MESSAGE = 'Invalid Australian phone number';
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const SHORT_PASSWORD_MESSAGE = 'Password must be at least 6 characters long';
export const LONG_PASSWORD_MESSAGE = 'Password must be 128 characters or less';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const INVALID_DATE_MESSAGE = 'Invalid date format. Expected YYYY-MM-DD.';

/** +61 or 0, then 2, 3, 4, 7 or 8, then 8 digits (customer-app.md §5). */
export const AUSTRALIAN_PHONE_PATTERN = /^(\+61|0)[23478]\d{8}$/;

/** The server ignores spaces, brackets and hyphens in phone numbers. */
export function normalizePhoneNumber(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

/** An error message, or undefined when the value is acceptable. An empty number is allowed. */
export function validatePhoneNumber(value: string): string | undefined {
  const phone = normalizePhoneNumber(value);
  if (phone === '') return undefined;
  return AUSTRALIAN_PHONE_PATTERN.test(phone) ? undefined : INVALID_PHONE_MESSAGE;
}

export function validatePassword(value: string): string | undefined {
  if (value.length < MIN_PASSWORD_LENGTH) return SHORT_PASSWORD_MESSAGE;
  if (value.length > MAX_PASSWORD_LENGTH) return LONG_PASSWORD_MESSAGE;
  return undefined;
}

// Deliberately loose (one @, something either side, a dot in the domain): the server decides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? undefined : INVALID_EMAIL_MESSAGE;
}

const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Height and weight: up to 3 digits and 2 decimals (the dogs contract). */
const MEASURE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

export function validateMeasure(value: string, label: 'Height' | 'Weight'): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return MEASURE_PATTERN.test(trimmed) ? undefined : `${label} must be a valid number`;
}

/** Today's date in the browser's time zone, as YYYY-MM-DD. */
export function todayAsCalendarDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
