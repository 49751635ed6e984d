import { boolean, index, integer, pgSchema, text, uuid } from '@pawfresh/db/pg-core';
import { instant } from '@pawfresh/db';
import { migrationStatuses } from '@pawfresh/contracts/legacy';

export const legacyDb = pgSchema('legacy');

// ---------------------------------------------------------------------------------------------
// The legacy system's own tables (embedded default). With LEGACY_DATABASE_URL the same tables are
// read from MySQL/MariaDB instead (src/db/mysql-legacy-source.ts, src/db/mysql-ddl.ts); these stay
// empty then. Column names are the legacy system's.
// ---------------------------------------------------------------------------------------------

export const legacyUsers = legacyDb.table(
  'users',
  {
    id: integer('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    stripeCustomerId: text('stripe_customer_id'),
    isCustomerOnChargeApi: boolean('is_customer_on_charge_api').notNull(),
    cohort: text('cohort'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('users_email').on(t.email), index('users_cohort').on(t.cohort, t.id)],
);

export const legacyAddresses = legacyDb.table(
  'addresses',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    line1: text('line1'),
    line2: text('line2'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    deliveryInstructions: text('delivery_instructions'),
  },
  (t) => [index('addresses_user').on(t.userId)],
);

export const legacyPets = legacyDb.table(
  'pets',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    breed: text('breed'),
    gender: text('gender'),
    neutered: boolean('neutered'),
    dateOfBirth: text('date_of_birth'),
    weightKg: text('weight_kg'),
    activityLevel: text('activity_level'),
    bodyCondition: text('body_condition'),
    dailyServingGrams: integer('daily_serving_grams'),
    recipes: text('recipes'),
  },
  (t) => [index('pets_user').on(t.userId)],
);

export const legacySubscriptions = legacyDb.table(
  'subscriptions',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull(),
    plan: text('plan').notNull(),
    cadence: text('cadence').notNull(),
    deliverySlot: text('delivery_slot'),
    pausedUntil: text('paused_until'),
    cancelledAt: instant('cancelled_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('subscriptions_user').on(t.userId)],
);

export const legacyOrders = legacyDb.table(
  'orders',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    orderNumber: text('order_number').notNull(),
    status: text('status').notNull(),
    deliveredOn: text('delivered_on'),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [index('orders_user').on(t.userId)],
);

export const legacyOrderItems = legacyDb.table(
  'order_items',
  {
    id: integer('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    recipe: text('recipe').notNull(),
    pouches: integer('pouches').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

// ---------------------------------------------------------------------------------------------
// Ours: where each legacy user's migration stands (always here, also when the legacy data is in
// MySQL/MariaDB). No row: unmigrated.
// ---------------------------------------------------------------------------------------------

export const migrationStatusEnum = legacyDb.enum('migration_status', migrationStatuses);

export const migrationStates = legacyDb.table(
  'migration_states',
  {
    legacyId: integer('legacy_id').primaryKey(),
    status: migrationStatusEnum('status').notNull(),
    error: text('error'),
    migratedUserId: uuid('migrated_user_id'),
    workflowId: text('workflow_id'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('migration_states_status').on(t.status)],
);

export const schema = {
  legacyUsers,
  legacyAddresses,
  legacyPets,
  legacySubscriptions,
  legacyOrders,
  legacyOrderItems,
  migrationStates,
};
export type LegacySchema = typeof schema;
