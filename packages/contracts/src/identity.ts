import { z } from 'zod';
import { instantPeriodQuery } from './stats.js';
import { defineContract } from './define.js';
import { userRole } from './enums.js';
import { staffRole, staffRoles } from './staff-roles.js';
import {
  addressInput,
  addressSchema,
  australianPhone,
  calendarDate,
  email,
  emailAsWritten,
  instant,
  pageLimit,
  pageOffset,
  paginated,
  password,
  uuid,
} from './fields.js';

const name = (field: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100);

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    role: userRole,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'User' });

export const sessionSchema = z
  .object({
    accessToken: z.string(),
    accessTokenExpiresAt: instant,
    refreshToken: z.string(),
    refreshTokenExpiresAt: instant,
    user: userSchema,
  })
  .meta({ id: 'Session' });

export const mailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    sentAt: instant,
  })
  .meta({ id: 'Mail' });

export type User = z.infer<typeof userSchema>;

/** A person's name as one line ("Jo Tester"). */
export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

// --- Staff accounts (issue 31 item 7: the back office's users and roles page) ---

/**
 * Where a member of staff's account stands: `invited` (no password chosen yet), `active`, or
 * `deactivated` (cannot sign in; their sessions ended).
 */
export const staffUserStatuses = ['invited', 'active', 'deactivated'] as const;
export const staffUserStatus = z.enum(staffUserStatuses, {
  error: 'status must be one of: invited, active, deactivated',
});
export type StaffUserStatus = z.infer<typeof staffUserStatus>;

export const staffUserSchema = userSchema
  .extend({
    role: staffRole,
    status: staffUserStatus,
    deactivatedAt: instant.nullable(),
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof staffUserSchema>;

/** A staff role as a caller sends it (never `customer`: a customer is never made staff here). */
const staffRoleField = z.enum(staffRoles, {
  error: `role must be one of: ${staffRoles.join(', ')}`,
});

const staffSearchText = z
  .string()
  .trim()
  .max(200, { error: 'q must be 200 characters or less' })
  .optional()
  .describe('The start of an e-mail, first, last or full name');

/** The staff list's filters (identity's and the staff API's: one shape). */
export const staffUserListQuery = z
  .object({
    q: staffSearchText,
    role: staffRoleField.optional(),
    status: staffUserStatus.optional(),
    offset: pageOffset,
    limit: pageLimit(20),
  })
  .strict();

export const staffInvitationBody = z.object({
  email,
  firstName: name('firstName'),
  lastName: name('lastName'),
  role: staffRoleField,
});

/** The days an invited member of staff has to choose a password. */
export const STAFF_INVITATION_DAYS = 7;
export type Session = z.infer<typeof sessionSchema>;

/** Who is asking, for the per-address rate limits. */
const clientIp = z.string().max(64).optional();

const calendarDay = calendarDate;
const orderNotice = {
  orderNumber: z.number().int().min(1).max(2147483647),
  /** Cents. */
  amount: z.number().int().min(0).max(2147483647),
  deliveryDate: calendarDay,
};
const reason = z.string().trim().min(1).max(300);

/**
 * The notices other services may e-mail a user (docs/dunning.md): each a template filled with
 * its data, so the words live in one place (identity) and callers send facts only.
 */
export const notificationInput = z.discriminatedUnion(
  'template',
  [
    z
      .object({
        template: z.literal('payment_failed'),
        ...orderNotice,
        reason,
        nextAttemptDate: calendarDay.nullable().describe('null: no automatic retry is left'),
      })
      .strict(),
    z
      .object({
        template: z.literal('delivery_moved'),
        ...orderNotice,
        previousDeliveryDate: calendarDay,
        nextAttemptDate: calendarDay,
      })
      .strict(),
    z
      .object({
        template: z.literal('order_skipped'),
        ...orderNotice,
      })
      .strict(),
    z
      .object({
        template: z.literal('payment_received'),
        ...orderNotice,
      })
      .strict(),
    // Sent by staff (the back office's "Send card update link"): a link to the saved cards.
    z.object({ template: z.literal('card_update_link') }).strict(),
  ],
  {
    error:
      'template must be one of: payment_failed, delivery_moved, order_skipped, payment_received, card_update_link',
  },
);
export type NotificationInput = z.infer<typeof notificationInput>;

export const identityContract = defineContract({
  service: 'identity',
  title: 'Identity service',
  description:
    'Customers, staff and admins: credentials (argon2id), sessions (access tokens and rotating refresh tokens), password resets by e-mail, default addresses.',
  version: '1.0.0',
  endpoints: {
    createUser: {
      method: 'POST',
      path: '/identity/users',
      summary: 'Create a user',
      status: 201,
      body: z
        .object({
          id: uuid('id')
            .optional()
            .describe(
              "The user's id, when it is known already (the guest id a cart was made for at checkout); a new one when left out",
            ),
          email,
          password,
          firstName: name('firstName'),
          lastName: name('lastName'),
          phoneNumber: australianPhone.nullish(),
          role: userRole.default('customer'),
        })
        .strict(),
      response: userSchema,
      errors: [400, 403, 409],
    },
    deleteUser: {
      method: 'DELETE',
      path: '/identity/users/:userId',
      summary: 'Delete a user with their sessions and addresses',
      description:
        'For workflows undoing what they made (a checkout that failed after creating the customer).',
      params: z.object({ userId: uuid('userId') }),
      status: 204,
      response: z.undefined(),
      errors: [400, 404],
    },
    getUser: {
      method: 'GET',
      path: '/identity/users/:userId',
      summary: 'One user',
      params: z.object({ userId: uuid('userId') }),
      response: userSchema,
      errors: [400, 404],
    },
    updateUser: {
      method: 'PATCH',
      path: '/identity/users/:userId',
      summary: "Change a user's name, e-mail, phone or password",
      params: z.object({ userId: uuid('userId') }),
      body: z
        .object({
          firstName: name('firstName').optional(),
          lastName: name('lastName').optional(),
          email: email.optional(),
          phoneNumber: australianPhone.nullish(),
          password: password.optional(),
          startSession: z
            .boolean()
            .optional()
            .describe(
              'With a new password: start a session for the device that made the change and answer it (every other session ends). For the customer API acting for the signed-in customer; staff changes leave it out.',
            ),
        })
        .strict(),
      response: userSchema
        .extend({ session: sessionSchema.optional() })
        .meta({ id: 'UserWithNewSession' }),
      errors: [400, 404, 409],
    },
    findUsers: {
      method: 'GET',
      path: '/identity/users',
      summary: 'Users with an e-mail address (none or one: e-mails are unique)',
      description: 'For the back office looking a customer up by e-mail (the staff API).',
      query: z.object({ email }).strict(),
      response: z.object({ data: z.array(userSchema) }),
      errors: [400],
    },
    userStats: {
      method: 'GET',
      path: '/identity/users/stats',
      summary: 'How many customers signed up in a period (staff are not counted)',
      query: instantPeriodQuery,
      response: z.object({ newCustomers: z.number().int() }),
      errors: [400],
    },
    searchUsers: {
      method: 'GET',
      path: '/identity/users/search',
      summary:
        'Users whose e-mail, first name, last name or full name starts with the text, or with this phone number',
      description:
        'For the back office’s search (the staff API). Case does not matter; a phone number matches in either form (+61 or 0). At most `limit` users (default 20), by last then first name.',
      query: z
        .object({
          q: z
            .string({ error: 'q is required' })
            .trim()
            .min(1, { error: 'q is required' })
            .max(200, { error: 'q must be 200 characters or less' }),
          limit: pageLimit(20),
        })
        .strict(),
      response: z.object({ data: z.array(userSchema) }),
      errors: [400],
    },
    checkEmail: {
      method: 'GET',
      path: '/identity/users/check-email',
      summary: 'Whether an e-mail address belongs to a user already',
      query: z.object({ email }),
      response: z.object({ isTaken: z.boolean() }),
      errors: [400],
    },
    changePassword: {
      method: 'POST',
      path: '/identity/users/:userId/password',
      summary: 'Change a password, given the current one',
      description:
        "Every session of the user is signed out (the caller's own too), and a new one starts for the device that made the change (answered), in the same transaction: it is not a sign-in attempt and is never throttled. Of two changes at once, the second finds the current password changed (401).",
      params: z.object({ userId: uuid('userId') }),
      body: z.object({ previousPassword: z.string().min(1).max(128), password }).strict(),
      status: 201,
      response: sessionSchema,
      errors: [400, 401, 404],
    },
    createSession: {
      method: 'POST',
      path: '/identity/sessions',
      summary: 'Sign in with e-mail and password',
      description:
        'A wrong password and an unknown e-mail answer the same 401. Too many failures for one account or from one address answer 429 for a while.',
      body: z.object({ email, password: z.string().min(1).max(128), clientIp }).strict(),
      status: 201,
      response: sessionSchema,
      errors: [400, 401, 429],
    },
    refreshSession: {
      method: 'POST',
      path: '/identity/sessions/refresh',
      summary: 'Exchange a refresh token for a new pair (the old one stops working)',
      description:
        'Presenting a refresh token that was already exchanged signs out the whole session family.',
      body: z.object({ refreshToken: z.string().min(1).max(512), clientIp }).strict(),
      status: 201,
      response: sessionSchema,
      errors: [400, 401],
    },
    revokeSession: {
      method: 'POST',
      path: '/identity/sessions/revoke',
      summary: 'Sign out the session a refresh token belongs to',
      body: z.object({ refreshToken: z.string().min(1).max(512) }).strict(),
      status: 204,
      response: z.undefined(),
      errors: [400],
    },
    getSessionStatus: {
      method: 'GET',
      path: '/identity/sessions/:sessionId/status',
      summary: 'Whether a session family is still signed in',
      description:
        "Asked by services that take access tokens (the customer API), at most every few seconds per session (SESSION_CHECK_SECONDS): a revoked session's access token is then refused. An unknown session is not live.",
      params: z.object({ sessionId: uuid('sessionId') }),
      response: z.object({ live: z.boolean() }),
      errors: [400],
    },
    requestPasswordReset: {
      method: 'POST',
      path: '/identity/password-resets',
      summary: 'Send a password-reset code by e-mail',
      description:
        'Answers the same whether or not the address belongs to a user. Codes expire after 30 minutes and work once.',
      body: z.object({ email, clientIp }).strict(),
      status: 202,
      response: z.object({ success: z.literal(true) }),
      errors: [400, 429],
    },
    confirmPasswordReset: {
      method: 'POST',
      path: '/identity/password-resets/confirm',
      summary: 'Set a new password with a reset code',
      body: z.object({ email, code: z.string().trim().min(1).max(64), password }).strict(),
      status: 204,
      response: z.undefined(),
      errors: [400, 401, 429],
    },
    importUser: {
      method: 'POST',
      path: '/identity/migration',
      summary: 'Import a customer from the legacy system',
      description:
        'Legacy passwords are not carried over: the user gets an e-mail with a code to set a password (valid 14 days). The same legacy user again answers the user already imported, without another e-mail. 409: the e-mail belongs to another user, or the legacy id was already imported under another e-mail.',
      status: 201,
      body: z
        .object({
          legacyId: z
            .number({ error: 'legacyId must be a whole number from 1 to 2147483647' })
            .int({ error: 'legacyId must be a whole number from 1 to 2147483647' })
            .min(1, { error: 'legacyId must be a whole number from 1 to 2147483647' })
            .max(2147483647, { error: 'legacyId must be a whole number from 1 to 2147483647' }),
          email: emailAsWritten,
          firstName: name('firstName'),
          lastName: name('lastName'),
          phoneNumber: australianPhone.nullish(),
          address: addressInput.nullish(),
        })
        .strict(),
      response: userSchema,
      errors: [400, 409],
    },
    revertImport: {
      method: 'DELETE',
      path: '/identity/migration/:userId',
      summary: 'Remove an imported user entirely (with addresses, sessions and codes)',
      params: z.object({ userId: uuid('userId') }),
      status: 204,
      response: z.undefined(),
      errors: [400, 404, 409],
    },
    getDefaultAddress: {
      method: 'GET',
      path: '/identity/users/:userId/addresses/default',
      summary: "A user's default address",
      params: z.object({ userId: uuid('userId') }),
      response: addressSchema,
      errors: [400, 404],
    },
    putDefaultAddress: {
      method: 'PUT',
      path: '/identity/users/:userId/addresses/default',
      summary: "Set a user's default address",
      params: z.object({ userId: uuid('userId') }),
      body: addressInput,
      response: addressSchema,
      errors: [400, 404],
    },
    sendNotification: {
      method: 'POST',
      path: '/identity/users/:userId/notifications',
      summary: 'E-mail a user one of the templated notices (service credentials only)',
      description:
        "The words are the template's (docs/dunning.md); callers send facts. Answers once the mail is handed over (or kept in the development mailbox). An optional `Idempotency-Key` header (1 to 255 characters; a workflow step's): the same key again answers the first result and sends nothing; the same key for another user or template is a 409.",
      params: z.object({ userId: uuid('userId') }),
      body: notificationInput,
      status: 202,
      response: z.object({ to: z.string(), subject: z.string() }),
      errors: [400, 403, 404, 409],
    },
    listStaffUsers: {
      method: 'GET',
      path: '/identity/staff',
      summary: 'Members of staff (every role but customer), by last then first name, paged',
      description:
        'For the back office’s users and roles page (the staff API). Customers are never listed.',
      query: staffUserListQuery,
      response: paginated(staffUserSchema, 'StaffUserPage'),
      errors: [400],
    },
    inviteStaffUser: {
      method: 'POST',
      path: '/identity/staff',
      summary: 'Invite a member of staff: an account with no password and an e-mail to choose one',
      description: `Admins and the service credentials only (docs/identity.md "Roles"). The invitee gets an e-mail with a link to the back office's set-password page, working once for ${STAFF_INVITATION_DAYS} days. Inviting again a member who has not chosen a password yet sends a new link (the old one stops working) with the name and role given now. Any other e-mail that is already anyone's (a customer's too) is a 409: a customer is never made staff.`,
      status: 201,
      body: staffInvitationBody.strict(),
      response: staffUserSchema,
      errors: [400, 403, 409],
    },
    changeStaffRole: {
      method: 'PUT',
      path: '/identity/staff/:userId/role',
      summary:
        "Change a member of staff's role; their sessions end so the new role applies at once",
      description:
        'A customer is not staff (404). Demoting the last active admin is a 409 (docs/staff.md "Users and roles").',
      params: z.object({ userId: uuid('userId') }),
      body: z.object({ role: staffInvitationBody.shape.role }).strict(),
      response: staffUserSchema,
      errors: [400, 404, 409],
    },
    deactivateStaffUser: {
      method: 'POST',
      path: '/identity/staff/:userId/deactivate',
      summary: 'Deactivate a member of staff: no sign-in, every session and refresh token ended',
      description:
        'Idempotent. A customer is not staff (404). Deactivating the last active admin is a 409.',
      params: z.object({ userId: uuid('userId') }),
      response: staffUserSchema,
      errors: [400, 404, 409],
    },
    reactivateStaffUser: {
      method: 'POST',
      path: '/identity/staff/:userId/reactivate',
      summary: 'Let a deactivated member of staff sign in again (with their password)',
      description: 'Idempotent. Sessions ended by the deactivation stay ended.',
      params: z.object({ userId: uuid('userId') }),
      response: staffUserSchema,
      errors: [400, 404],
    },
    listMailbox: {
      method: 'GET',
      path: '/identity/dev/mailbox/messages',
      summary: 'Messages in the development mailbox (newest first)',
      description:
        'Only when mail goes to the development mailbox (no SMTP configured); 404 otherwise.',
      query: z.object({ to: z.string().max(254).optional() }),
      response: z.array(mailSchema),
      errors: [400, 404],
      access: 'public',
    },
  },
});
