import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant, timestamps } from '@pawfresh/db';
import { australianStates, userRoles } from '@pawfresh/contracts/enums';

export const identityDb = pgSchema('identity');

export const userRoleEnum = identityDb.enum('user_role', userRoles);
export const australianStateEnum = identityDb.enum('australian_state', australianStates);

export const users = identityDb.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased, so the unique index makes e-mails unique whatever their case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    role: userRoleEnum('role').notNull().default('customer'),
    /** Set for a customer imported from the legacy system (POST /identity/migration). */
    legacyId: integer('legacy_id'),
    /** Set while a member of staff is deactivated: no sign-in, no refresh, sessions ended. */
    deactivatedAt: instant('deactivated_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_legacy_id_idx')
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    // The back office's search (searchUsers): starts-with on e-mail and names, whatever the
    // database's collation (text_pattern_ops), and one phone number.
    index('users_email_prefix_idx').using('btree', sql`${t.email} text_pattern_ops`),
    index('users_first_name_prefix_idx').using(
      'btree',
      sql`lower(${t.firstName}) text_pattern_ops`,
    ),
    index('users_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_full_name_prefix_idx').using(
      'btree',
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('users_phone_number_idx').on(t.phoneNumber),
    // The staff home dashboard's new customers (db/stats-store.ts).
    index('users_role_created_at').on(t.role, t.createdAt),
  ],
);

/** Why a session family was ended: kept for support and for spotting stolen tokens. */
export type RevokedReason =
  | 'sign_out'
  | 'token_reuse'
  | 'password_changed'
  | 'password_reset'
  | 'deactivated'
  | 'role_changed';

/** One sign-in: every refresh token it ever issued belongs to it, so all can be ended at once. */
export const sessionFamilies = identityDb.table(
  'session_families',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason').$type<RevokedReason>(),
  },
  (t) => [index('session_families_user_id_idx').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes: a copy of the table signs nobody in. */
export const refreshTokens = identityDb.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    issuedAt: instant('issued_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when the token is exchanged; presenting it again is reuse. */
    usedAt: instant('used_at'),
    replacedById: uuid('replaced_by_id'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
  ],
);

/** At most one reset code per user (the primary key): a new request replaces the old code. */
export const passwordResets = identityDb.table('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * Recent attempts per limited thing (`scope`: what is limited, `key`: an e-mail or a client
 * address), as epoch milliseconds. In the database so limits hold across processes; one row per
 * key so a row lock serialises the check-and-count.
 */
export const rateLimits = identityDb.table(
  'rate_limits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    hits: jsonb('hits').$type<number[]>().notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('rate_limits_updated_at_idx').on(t.updatedAt),
  ],
);

export const addresses = identityDb.table(
  'addresses',
  {
    addressId: uuid('address_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    suburb: text('suburb').notNull(),
    city: text('city'),
    state: australianStateEnum('state').notNull(),
    postCode: text('post_code').notNull(),
    countryCode: text('country_code').notNull().default('AU'),
    deliveryInstructions: text('delivery_instructions'),
    companyName: text('company_name'),
    ...timestamps(),
  },
  (t) => [
    index('addresses_user_id_idx').on(t.userId),
    // The database, not the code, guarantees a user never has two default addresses.
    uniqueIndex('addresses_one_default_per_user_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Mail kept instead of sent while no SMTP server is configured (development and tests). */
export const devMailbox = identityDb.table(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey(),
    /** Orders messages sent in the same instant (a test clock stands still). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to)],
);

/**
 * Notifications sent under a caller's Idempotency-Key (a workflow step's): the same key again
 * answers the first result and sends nothing (docs/dunning.md "E-mails").
 */
export const sentNotifications = identityDb.table('sent_notifications', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  userId: uuid('user_id').notNull(),
  template: text('template').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  sentAt: instant('sent_at').notNull(),
});

export const schema = {
  users,
  sessionFamilies,
  refreshTokens,
  passwordResets,
  rateLimits,
  addresses,
  devMailbox,
  sentNotifications,
};
export type IdentitySchema = typeof schema;
