import { z } from 'zod';
import { australianState, type AustralianState } from './enums.js';
import {
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from './field-rules.js';

// The zod-free core of these rules (lengths, patterns, messages, and checks for the sign-in page).
export * from './field-rules.js';

const POSTCODE_MESSAGE = 'Postcode must be 4 digits';

/**
 * Field rules shared by the customer API and the services behind it, so both answer with the same
 * words (customer-app.md §5, services.md §5). Pure (zod alone, no side effects on import): the
 * customer app imports this file at runtime to check its forms with the server's words.
 */

/** customer-app.md §5: +61 or 0, then 2, 3, 4, 7 or 8, then 8 digits. Spaces are ignored. */
export const australianPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s()-]/g, '') : v),
  z.string().regex(/^(\+61|0)[23478]\d{8}$/, { error: 'Invalid Australian phone number' }),
);

/** A password being set. */
export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(MAX_PASSWORD_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE });

/** A password being checked (sign-in, the current one): any length the server stores, not empty. */
export const enteredPassword = (message: string) =>
  z.string().min(1, { error: message }).max(MAX_PASSWORD_LENGTH);

/** The code of the password-reset e-mail. */
export const confirmationCode = z
  .string()
  .trim()
  .min(1, { error: 'Enter the code from the e-mail' })
  .max(64);

export const MAX_NAME_LENGTH = 100;
/** A customer's first or last name. */
export const personName = (message: string) =>
  z.string().trim().min(1, { error: message }).max(MAX_NAME_LENGTH);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }).max(MAX_EMAIL_LENGTH));

/**
 * An e-mail as the caller wrote it (trimmed and checked, its case kept): only where the case is
 * itself evidence (a legacy import clash says whether two e-mails differ only in case). Stored
 * and looked up lower-cased (`normalizeEmail`), like `email`.
 */
export const emailAsWritten = z
  .string()
  .trim()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }).max(MAX_EMAIL_LENGTH));

/** A calendar date, `YYYY-MM-DD` (services.md §5 wording). */
export const calendarDate = z.iso.date({ error: 'Invalid date format. Expected YYYY-MM-DD.' });

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'Use lower-case slugs such as "chicken" or "kidney-disease"',
  })
  .max(100);

const text = (max: number) => z.string().trim().max(max);

/**
 * customer-app.md §5: an Australian postcode is 4 digits. A missing one keeps the generic
 * "… is required" wording; anything else present says what a postcode is.
 */
export const postcode = z
  .string({ error: (issue) => (issue.input === undefined ? undefined : POSTCODE_MESSAGE) })
  .trim()
  .regex(/^\d{4}$/, { error: POSTCODE_MESSAGE });

/** A text field a person must fill in, with words that say so whether it is missing or blank. */
export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** A promotion code as customers type it (services.md §5: at most 250 characters). */
export const promotionCodeOf = (field: string, required: string) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? required : undefined) })
    .trim()
    .min(1, { error: required })
    .max(250, { error: `${field} must be 250 characters or less` })
    .regex(/^[A-Za-z0-9_-]+$/, {
      error: `${field} must contain only letters, digits, hyphens and underscores`,
    });

/** The longest text each address field takes. */
export const ADDRESS_MAX_LENGTHS = {
  address1: 200,
  address2: 200,
  suburb: 100,
  city: 100,
  deliveryInstructions: 500,
  companyName: 200,
} as const;

const max = ADDRESS_MAX_LENGTHS;

/** The address fields a customer edits (customer-app.md §3, without cognitoUserId and isDefault). */
export const addressInput = z
  .object({
    address1: requiredText(max.address1, 'Enter the street address'),
    address2: text(max.address2).nullish(),
    suburb: requiredText(max.suburb, 'Enter the suburb'),
    city: text(max.city).nullish(),
    state: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      australianState,
    ),
    postCode: postcode,
    countryCode: z.literal('AU').default('AU'),
    deliveryInstructions: text(max.deliveryInstructions).nullish(),
    companyName: text(max.companyName).nullish(),
  })
  .strict();

export const addressSchema = z
  .object({
    addressId: z.uuid(),
    cognitoUserId: z.uuid(),
    isDefault: z.boolean(),
    address1: z.string(),
    address2: z.string().nullable(),
    suburb: z.string(),
    city: z.string().nullable(),
    state: australianState,
    postCode: z.string(),
    countryCode: z.string(),
    deliveryInstructions: z.string().nullable(),
    companyName: z.string().nullable(),
  })
  .meta({ id: 'Address' });

export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressInput>;

/** An id field whose message names it: "dogId must be a valid UUID". */
export const uuid = (name: string) => z.uuid({ error: `${name} must be a valid UUID` });

/** An instant in ISO 8601 with its offset (`2026-11-23T05:00:00.000Z`). */
export const instant = z.iso.datetime({ offset: true });

/** The largest value a PostgreSQL integer column holds (services.md §9). */
export const MAX_INT = 2147483647;

/** services.md §5 / §9: money is integer cents AUD, a non-negative 32-bit integer. */
export const MAX_CENTS = MAX_INT;
export const cents = z.number().int().min(0).max(MAX_CENTS);

/** services.md §2: a paginated result's place in the whole list. */
export const pageMeta = z.object({
  total: z.number().int().min(0).describe('Items that match, on every page'),
  offset: z.number().int().min(0).describe('Items before this page'),
  limit: z.number().int().min(0).describe('The most items a page holds'),
});
export type PageMeta = z.infer<typeof pageMeta>;

/**
 * services.md §2: every paged list answers `data` (this page's items) and `meta` (total, offset,
 * limit). `extra` adds fields to meta where a list says more about its count.
 */
export const paginated = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  id: string,
  extra?: E,
) => z.object({ data: z.array(item), meta: pageMeta.extend(extra ?? ({} as E)) }).meta({ id });

/** Query booleans arrive as text: `true` or `false`. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * services.md §5: a dog's height (cm) or weight (kg) is a numeric string of up to 3 digits and 2
 * decimals.
 */
export const dogMeasure = (label: 'Height' | 'Weight') =>
  z
    .string({ error: `${label} must be a valid number` })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: `${label} must be a valid number` });

/** The dogs contract: a dog's name and at most three breeds. */
export const MAX_DOG_NAME_LENGTH = 50;
export const MAX_BREEDS = 3;

const knownZones = new Set<string>();

/** Australian IANA zones, for dates entered as a local calendar day. */
export const australianTimeZone = z
  .string()
  .regex(/^Australia\/[A-Za-z_]+$/, {
    error: 'timezone must be an Australian time zone such as Australia/Sydney',
  })
  .refine((tz) => {
    // Zones already known good are not checked again (making a formatter is costly).
    if (knownZones.has(tz)) return true;
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone: tz });
      knownZones.add(tz);
      return true;
    } catch {
      return false;
    }
  }, 'timezone must be an Australian time zone such as Australia/Sydney');

/** customer-app.md §3, §9: a cancel reason's text is at most 255 characters. */
export const MAX_CANCEL_REASON_LENGTH = 255;
/** The free-text reason a customer gives for cancelling (customer-app.md §5). */
export const otherCancelReasonText = z
  .string({ error: 'otherCancelReason must be text' })
  .trim()
  .max(MAX_CANCEL_REASON_LENGTH, {
    error: `otherCancelReason must be ${MAX_CANCEL_REASON_LENGTH} characters or less`,
  });
/**
 * Australia Post's postcode ranges of each state and territory (issue 17: "Richmond NSW 3121", a
 * Victorian postcode under another state, was saved and said to work). Ranges from Australia
 * Post's allocation: delivery and PO box ranges; Jervis Bay (2540) counts as ACT or NSW.
 */
const STATE_POSTCODE_RANGES: Record<AustralianState, readonly (readonly [number, number])[]> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2540, 2540],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/** Whether a 4-digit postcode belongs to the state (false for anything that is not 4 digits). */
export function postcodeMatchesState(postcode: string, state: AustralianState): boolean {
  if (!/^\d{4}$/.test(postcode)) return false;
  const n = Number(postcode);
  return STATE_POSTCODE_RANGES[state].some(([from, to]) => n >= from && n <= to);
}

/** "3121 is not a New South Wales postcode": the words shown under the postcode field. */
export function postcodeStateMessage(postcode: string, stateName: string): string {
  return `${postcode} is not a ${stateName} postcode`;
}

/** A start in a list (a query parameter named `field`): a whole number of at least 0. */
export const offsetField = (field: string) => {
  const message = `${field} must be a whole number of at least 0`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(MAX_INT, { error: message })
    .default(0);
};

/** A page's start in a list (a query parameter): a whole number of at least 0. */
export const pageOffset = offsetField('offset');

/**
 * A page's size (a query parameter, `limit` unless named): `min` to 100 (services.md §5
 * "optional-pagination").
 */
export const pageLimit = (fallback: number, min = 1, field = 'limit') => {
  const message = `${field} must be a whole number from ${min} to 100`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(100, { error: message })
    .default(fallback);
};
