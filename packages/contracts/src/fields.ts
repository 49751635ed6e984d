import { z } from 'zod';
import { australianState } from './enums.js';

/**
 * Field rules shared by the customer API and the services behind it, so both answer with the same
 * words (customer-app.md §5, services.md §5).
 */

/** customer-app.md §5: +61 or 0, then 2, 3, 4, 7 or 8, then 8 digits. Spaces are ignored. */
export const australianPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s()-]/g, '') : v),
  z.string().regex(/^(\+61|0)[23478]\d{8}$/, { error: 'Invalid Australian phone number' }),
);

export const password = z
  .string()
  .min(6, { error: 'Password must be at least 6 characters long' })
  .max(128, { error: 'Password must be 128 characters or less' });

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));

/** A calendar date, `YYYY-MM-DD` (services.md §5 wording). */
export const calendarDate = z.iso.date({ error: 'Invalid date format. Expected YYYY-MM-DD.' });

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'Use lower-case slugs such as "chicken" or "kidney-disease"',
  })
  .max(100);

const text = (max: number) => z.string().trim().max(max);
/** A text field a person must fill in, with words that say so whether it is missing or blank. */
export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** The address fields a customer edits (customer-app.md §3, without cognitoUserId and isDefault). */
export const addressInput = z
  .object({
    address1: requiredText(200, 'Enter the street address'),
    address2: text(200).nullish(),
    suburb: requiredText(100, 'Enter the suburb'),
    city: text(100).nullish(),
    state: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      australianState,
    ),
    postCode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, { error: 'Postcode must be 4 digits' }),
    countryCode: z.literal('AU').default('AU'),
    deliveryInstructions: text(500).nullish(),
    companyName: text(200).nullish(),
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

/** services.md §5 / §9: money is integer cents AUD, a non-negative 32-bit integer. */
export const MAX_CENTS = 2147483647;
export const cents = z.number().int().min(0).max(MAX_CENTS);

/** Query booleans arrive as text: `true` or `false`. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Australian IANA zones, for dates entered as a local calendar day. */
export const australianTimeZone = z
  .string()
  .regex(/^Australia\/[A-Za-z_]+$/, {
    error: 'timezone must be an Australian time zone such as Australia/Sydney',
  })
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'timezone must be an Australian time zone such as Australia/Sydney');
