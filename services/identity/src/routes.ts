import {
  HttpError,
  IDEMPOTENCY_HEADER,
  conflict,
  idempotencyKeyOf,
  notFound,
  unauthorized,
  type Handlers,
} from '@pawfresh/kit';
import type { identityContract } from '@pawfresh/contracts/identity';
import {
  endSession,
  getDefaultAddress,
  getUser,
  isEmailTaken,
  mailbox,
  removeUser,
  setDefaultAddress,
  toUser,
  userNotFound,
  usersWithEmail,
  usersLike,
} from './flows/accounts.js';
import type { IdentityContext } from './flows/context.js';
import { sendNotification } from './flows/notifications.js';
import { confirmPasswordReset, requestPasswordReset } from './flows/password-reset.js';
import { isSessionLive, refreshSession, signIn } from './flows/sessions.js';
import { changePassword, createUser, sessionToKeep, updateUser } from './flows/users.js';
import { changeStaffMember, inviteStaff, staffUsers } from './flows/staff.js';
import { LAST_ADMIN, NOT_STAFF } from './rules/staff-accounts.js';
import type { StaffChange } from './db/staff-store.js';
import { MAILBOX_OFF, devMailboxIsOn } from './rules/mailbox.js';
import { ONLY_ADMINS_GRANT_ROLES, mayCreateUserWithRole } from './rules/roles.js';
import { TOO_MANY_ATTEMPTS } from './rules/rate-limit.js';
import { SESSION_EXPIRED } from './rules/refresh-tokens.js';
import { INVALID_RESET_CODE } from './rules/reset-codes.js';
import { migrationHandlers } from './routes/migration.js';
import { usersOfPeriod } from './flows/stats.js';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const WRONG_CREDENTIALS = 'Incorrect email or password';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';
export const ONLY_SERVICES_CHOOSE_USER_IDS =
  'Only a service (a checkout) can choose the id of a new user';
/** A change to a member of staff, answered in the contract's words. */
async function staffChanged(ctx: IdentityContext, userId: string, change: StaffChange) {
  const result = await changeStaffMember(ctx, userId, change);
  if (result === 'not_found') throw notFound(NOT_STAFF(userId));
  if (result === 'last_admin') throw conflict(LAST_ADMIN);
  return result;
}

const tooManyAttempts = () => new HttpError(429, TOO_MANY_ATTEMPTS, { type: 'rate_limited' });

export function identityHandlers(ctx: IdentityContext): Handlers<typeof identityContract> {
  return {
    ...migrationHandlers(ctx),
    createUser: async ({ body, auth }) => {
      if (!mayCreateUserWithRole(auth, body.role)) {
        throw new HttpError(403, ONLY_ADMINS_GRANT_ROLES, { type: 'forbidden' });
      }
      if (body.id !== undefined && auth?.kind !== 'service') {
        throw new HttpError(403, ONLY_SERVICES_CHOOSE_USER_IDS, { type: 'forbidden' });
      }
      const user = await createUser(ctx, body);
      if (user === 'email_taken') throw conflict(EMAIL_TAKEN);
      if (user === 'id_taken') throw conflict(`User ${body.id} already exists`);
      return toUser(user);
    },

    deleteUser: async ({ params }) => removeUser(ctx, params.userId),
    getUser: async ({ params }) => getUser(ctx, params.userId),

    updateUser: async ({ params, body, auth }) => {
      const result = await updateUser(ctx, params.userId, body, sessionToKeep(auth, params.userId));
      if (result === 'not_found') throw userNotFound(params.userId);
      if (result === 'email_taken') throw conflict(EMAIL_TAKEN);
      return { ...toUser(result.user), ...(result.session ? { session: result.session } : {}) };
    },

    findUsers: async ({ query }) => ({ data: await usersWithEmail(ctx, query.email) }),
    userStats: async ({ query }) => usersOfPeriod(ctx, query),
    searchUsers: async ({ query }) => ({ data: await usersLike(ctx, query.q, query.limit) }),
    checkEmail: async ({ query }) => ({ isTaken: await isEmailTaken(ctx, query.email) }),

    changePassword: async ({ params, body }) => {
      const result = await changePassword(ctx, params.userId, body);
      if (result === 'not_found') throw userNotFound(params.userId);
      if (result === 'wrong_password') throw unauthorized(WRONG_CURRENT_PASSWORD);
      return result;
    },

    createSession: async ({ body }) => {
      const result = await signIn(ctx, body);
      if (result.outcome === 'limited') throw tooManyAttempts();
      if (result.outcome === 'refused') throw unauthorized(WRONG_CREDENTIALS);
      return result.session;
    },

    refreshSession: async ({ body }) => {
      const session = await refreshSession(ctx, body.refreshToken);
      if (!session) throw unauthorized(SESSION_EXPIRED);
      return session;
    },

    getSessionStatus: async ({ params }) => ({
      live: await isSessionLive(ctx, params.sessionId),
    }),

    revokeSession: async ({ body }) => endSession(ctx, body.refreshToken),

    requestPasswordReset: async ({ body }) => {
      if ((await requestPasswordReset(ctx, body)) === 'limited') throw tooManyAttempts();
      return { success: true as const };
    },

    confirmPasswordReset: async ({ body }) => {
      const result = await confirmPasswordReset(ctx, body);
      if (result === 'limited') throw tooManyAttempts();
      if (result === 'invalid') throw unauthorized(INVALID_RESET_CODE);
    },

    getDefaultAddress: async ({ params }) => getDefaultAddress(ctx, params.userId),
    putDefaultAddress: async ({ params, body }) => setDefaultAddress(ctx, params.userId, body),

    sendNotification: async ({ params, body, auth }, request) => {
      if (auth?.kind !== 'service') {
        throw new HttpError(403, 'Only other services send notifications', { type: 'forbidden' });
      }
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], false);
      const sent = await sendNotification(ctx, params.userId, body, key);
      if (sent === 'not_found') throw userNotFound(params.userId);
      return sent;
    },

    listStaffUsers: async ({ query }) => staffUsers(ctx, query),
    inviteStaffUser: async ({ body, auth }) => {
      if (!mayCreateUserWithRole(auth, body.role)) {
        throw new HttpError(403, ONLY_ADMINS_GRANT_ROLES, { type: 'forbidden' });
      }
      const invited = await inviteStaff(ctx, body);
      if (invited === 'email_taken') throw conflict(EMAIL_TAKEN);
      return invited;
    },
    changeStaffRole: async ({ params, body }) =>
      staffChanged(ctx, params.userId, { role: body.role }),
    deactivateStaffUser: async ({ params }) =>
      staffChanged(ctx, params.userId, { deactivated: true }),
    reactivateStaffUser: async ({ params }) =>
      staffChanged(ctx, params.userId, { deactivated: false }),

    listMailbox: async ({ query }) => {
      if (!devMailboxIsOn(ctx.settings)) throw notFound(MAILBOX_OFF);
      return mailbox(ctx, query.to);
    },
  };
}
