import { z } from 'zod';
import { defineContract } from './define.js';
import { instant, MAX_INT, paginated, uuid } from './fields.js';

/** services.md §4: where a legacy customer is in the move to the new system. */
export const migrationStatuses = [
  'unmigrated',
  'queued',
  'migrating',
  'migrated',
  'error',
] as const;
export type MigrationStatus = (typeof migrationStatuses)[number];
/** services.md §4: the groups customers move in (staff first). */
export const legacyCohorts = ['phase1_staff', 'phase2_low_engagement_customers'] as const;
export type LegacyCohort = (typeof legacyCohorts)[number];

/** services.md §5 / §9: a page of legacy e-mails holds at most this many. */
export const MAX_LEGACY_EMAIL_PAGE = 1000;

export const migrationStatus = z.enum(migrationStatuses, {
  error: `migrationStatus must be one of ${migrationStatuses.join(', ')}`,
});
export const legacyCohort = z.enum(legacyCohorts, {
  error: `cohort must be one of ${legacyCohorts.join(', ')}`,
});

const wholeNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback);
};

/** A legacy user's id in the legacy system: a positive 32-bit integer (services.md §9). */
export const legacyId = z.coerce
  .number({ error: 'legacyId must be a whole number from 1 to 2147483647' })
  .int({ error: 'legacyId must be a whole number from 1 to 2147483647' })
  .min(1, { error: 'legacyId must be a whole number from 1 to 2147483647' })
  .max(MAX_INT, { error: 'legacyId must be a whole number from 1 to 2147483647' });

/**
 * An e-mail as the legacy system has it. Not lower-cased: the legacy system holds addresses that
 * differ only in case as different users, and the exporter answers the one asked for.
 */
export const legacyEmail = z
  .string({ error: 'email is required' })
  .trim()
  .min(3, { error: 'Enter a valid email address' })
  .max(254, { error: 'Enter a valid email address' })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: 'Enter a valid email address' });

// ---------------------------------------------------------------------------------------------
// What the exporter answers
// ---------------------------------------------------------------------------------------------

/** services.md §3 "Legacy migration", with the cohort and where the migration stands. */
export const legacyUserSchema = z
  .object({
    id: z.uuid().describe("The legacy user's uuid in the legacy system"),
    legacyId: z.number().int().describe("The legacy user's numeric id in the legacy system"),
    email: z.string(),
    cohort: legacyCohort.nullable(),
    migrationStatus,
    migrationError: z
      .string()
      .nullable()
      .describe('Why the last migration failed (status error), in words a person can act on'),
    migratedUserId: z.uuid().nullable().describe('The user made by the migration'),
    stripeCustomerId: z.string().nullable(),
    isCustomerOnChargeApi: z.boolean(),
  })
  .meta({ id: 'LegacyUser' });
export type LegacyUser = z.infer<typeof legacyUserSchema>;

export const legacyAddressSchema = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    deliveryInstructions: z.string().nullable(),
  })
  .meta({ id: 'LegacyAddress' });

export const legacyPetSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    breed: z.string().nullable().describe('Free text as the legacy system took it'),
    gender: z.string().nullable(),
    isNeutered: z.boolean().nullable(),
    dateOfBirth: z.string().nullable().describe('YYYY-MM-DD'),
    weightKg: z.string().nullable(),
    activityLevel: z.string().nullable(),
    bodyCondition: z.string().nullable(),
    dailyServingGrams: z.number().int().nullable(),
    recipes: z.array(z.string()).describe('Meal names (beef, chicken…)'),
  })
  .meta({ id: 'LegacyPet' });

export const legacySubscriptionSchema = z
  .object({
    id: z.number().int(),
    status: z.string().describe('active, paused or cancelled'),
    plan: z.string().describe('full_bowl or half_bowl'),
    cadence: z.string().describe('As the legacy system stored it: 2, "fortnightly", "4 weeks"…'),
    deliverySlot: z.string().nullable(),
    pausedUntil: z.string().nullable(),
    cancelledAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'LegacySubscription' });

export const legacyOrderSchema = z
  .object({
    id: z.number().int(),
    orderNumber: z.string(),
    status: z.string().describe('delivered, cancelled or refunded'),
    deliveredOn: z.string().nullable(),
    totalCents: z.number().int(),
    items: z.array(
      z.object({
        recipe: z.string(),
        pouches: z.number().int(),
        priceCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'LegacyOrder' });

export const legacyUserDataSchema = z
  .object({
    user: legacyUserSchema.extend({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      phone: z.string().nullable().describe('As the legacy system stored it'),
      createdAt: instant,
    }),
    address: legacyAddressSchema.nullable(),
    pets: z.array(legacyPetSchema),
    subscription: legacySubscriptionSchema.nullable(),
    orders: z.array(legacyOrderSchema),
  })
  .meta({ id: 'LegacyUserData' });
export type LegacyUserData = z.infer<typeof legacyUserDataSchema>;

export const legacyUserPageSchema = paginated(legacyUserSchema, 'LegacyUserPage');
export type LegacyUserPage = z.infer<typeof legacyUserPageSchema>;

// ---------------------------------------------------------------------------------------------
// What callers send
// ---------------------------------------------------------------------------------------------

export const legacyUserEmailsQuery = z
  .object({
    cohort: legacyCohort.optional(),
    migrationStatus: migrationStatus.optional(),
    orderBy: z.enum(['id', 'email'], { error: 'orderBy must be id or email' }).default('id'),
    direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).default('asc'),
    offset: wholeNumber('offset', 0, MAX_INT, 0),
    limit: wholeNumber('limit', 1, MAX_LEGACY_EMAIL_PAGE, MAX_LEGACY_EMAIL_PAGE),
  })
  .strict();
export type LegacyUserEmailsQuery = z.output<typeof legacyUserEmailsQuery>;

export const setMigrationStatusInput = z
  .object({
    status: migrationStatus,
    error: z.string().trim().min(1).max(2000).nullish(),
    migratedUserId: uuid('migratedUserId').nullish(),
    workflowId: z.string().trim().min(1).max(100).nullish(),
    expectedStatus: z
      .array(migrationStatus)
      .min(1)
      .optional()
      .describe('Change only from one of these statuses (409 otherwise): claims a customer once'),
  })
  .strict();
export type SetMigrationStatusInput = z.output<typeof setMigrationStatusInput>;

export const releaseQueuedInput = z
  .object({
    workflowId: z
      .string({ error: 'workflowId must be the id of the bulk run' })
      .trim()
      .min(1, { error: 'workflowId must be the id of the bulk run' })
      .max(100, { error: 'workflowId must be at most 100 characters' }),
  })
  .strict();

export const legacyContract = defineContract({
  service: 'legacy',
  title: 'Legacy exporter',
  description:
    "Reads the legacy system's customers (the embedded legacy schema, or a MySQL/MariaDB database) for their migration, and keeps each one's migration status.",
  version: '1.0.0',
  endpoints: {
    listLegacyUserEmails: {
      method: 'GET',
      path: '/legacy-user-emails',
      summary: 'Legacy users, a page at a time, by cohort and migration status',
      query: legacyUserEmailsQuery,
      response: legacyUserPageSchema,
      errors: [400],
    },
    getLegacyUserData: {
      method: 'POST',
      path: '/get-legacy-user-data',
      summary: "A legacy user's data: profile, address, pets, subscription and order history",
      description:
        'The e-mail is matched exactly; when no user has it exactly, a single user whose e-mail differs only in case is answered.',
      body: z.object({ email: legacyEmail }).strict(),
      response: legacyUserDataSchema,
      errors: [400, 404, 409],
    },
    setMigrationStatus: {
      method: 'PUT',
      path: '/legacy-users/:legacyId/migration-status',
      summary: "Record where a legacy user's migration stands (the migration workflows)",
      params: z.object({ legacyId }),
      body: setMigrationStatusInput,
      response: legacyUserSchema,
      errors: [400, 404, 409],
    },
    releaseQueued: {
      method: 'POST',
      path: '/legacy-users/release-queued',
      summary: 'Give back the customers a cancelled bulk run still holds as queued',
      description:
        'Every legacy user whose status is `queued` by this workflow becomes `unmigrated` again, so a later bulk run selects them (the migration workflows, when a bulk run is cancelled). Users it holds otherwise (migrating, migrated, error) are left as they are. Answered again, it gives back none.',
      body: releaseQueuedInput,
      response: z.object({
        released: z.number().int().describe('How many users were given back'),
      }),
      errors: [400],
    },
  },
});
