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
import { findDefaultAddress, putDefaultAddress, toAddress } from './db/address-store.js';
import { listMail } from './db/mailbox-store.js';
import { revokeFamilyOfToken } from './db/session-store.js';
import { deleteUser, findUserByEmail, findUserById, toUser } from './db/users-store.js';
import type { IdentityContext } from './flows/context.js';
import { sendNotification } from './flows/notifications.js';
import { confirmPasswordReset, requestPasswordReset } from './flows/password-reset.js';
import { isSessionLive, refreshSession, signIn } from './flows/sessions.js';
import { changePassword, createUser, sessionToKeep, updateUser } from './flows/users.js';
import { MAILBOX_OFF, devMailboxIsOn } from './rules/mailbox.js';
import { ONLY_ADMINS_GRANT_ROLES, mayCreateUserWithRole } from './rules/roles.js';
import { TOO_MANY_ATTEMPTS } from './rules/rate-limit.js';
import { SESSION_EXPIRED } from './rules/refresh-tokens.js';
import { INVALID_RESET_CODE } from './rules/reset-codes.js';
import { migrationHandlers } from './routes/migration.js';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const WRONG_CREDENTIALS = 'Incorrect email or password';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';
export const ONLY_SERVICES_CHOOSE_USER_IDS =
  'Only a service (a checkout) can choose the id of a new user';
export const NO_DEFAULT_ADDRESS = 'No default address yet';

const userNotFound = (userId: string) => notFound(`User ${userId} not found`);
const tooManyAttempts = () => new HttpError(429, TOO_MANY_ATTEMPTS, { type: 'rate_limited' });

export function identityHandlers(ctx: IdentityContext): Handlers<typeof identityContract> {
  const { db, clock } = ctx;
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

    deleteUser: async ({ params }) => {
      if (!(await deleteUser(db, params.userId))) throw userNotFound(params.userId);
    },

    getUser: async ({ params }) => {
      const user = await findUserById(db, params.userId);
      if (!user) throw userNotFound(params.userId);
      return toUser(user);
    },

    updateUser: async ({ params, body, auth }) => {
      const result = await updateUser(ctx, params.userId, body, sessionToKeep(auth, params.userId));
      if (result === 'not_found') throw userNotFound(params.userId);
      if (result === 'email_taken') throw conflict(EMAIL_TAKEN);
      return { ...toUser(result.user), ...(result.session ? { session: result.session } : {}) };
    },

    findUsers: async ({ query }) => {
      const user = await findUserByEmail(db, query.email);
      return { data: user ? [toUser(user)] : [] };
    },

    checkEmail: async ({ query }) => ({
      isTaken: Boolean(await findUserByEmail(db, query.email)),
    }),

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

    revokeSession: async ({ body }) => {
      await revokeFamilyOfToken(db, body.refreshToken, clock.now());
    },

    requestPasswordReset: async ({ body }) => {
      if ((await requestPasswordReset(ctx, body)) === 'limited') throw tooManyAttempts();
      return { success: true as const };
    },

    confirmPasswordReset: async ({ body }) => {
      const result = await confirmPasswordReset(ctx, body);
      if (result === 'limited') throw tooManyAttempts();
      if (result === 'invalid') throw unauthorized(INVALID_RESET_CODE);
    },

    getDefaultAddress: async ({ params }) => {
      const address = await findDefaultAddress(db, params.userId);
      if (address) return toAddress(address);
      if (!(await findUserById(db, params.userId))) throw userNotFound(params.userId);
      throw notFound(NO_DEFAULT_ADDRESS);
    },

    putDefaultAddress: async ({ params, body }) => {
      const address = await putDefaultAddress(db, params.userId, body, clock.now());
      if (address === 'user_not_found') throw userNotFound(params.userId);
      return toAddress(address);
    },

    sendNotification: async ({ params, body, auth }, request) => {
      if (auth?.kind !== 'service') {
        throw new HttpError(403, 'Only other services send notifications', { type: 'forbidden' });
      }
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], false);
      const sent = await sendNotification(ctx, params.userId, body, key);
      if (sent === 'not_found') throw userNotFound(params.userId);
      return sent;
    },

    listMailbox: async ({ query }) => {
      if (!devMailboxIsOn(ctx.settings)) throw notFound(MAILBOX_OFF);
      const messages = await listMail(db, query.to);
      return messages.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
    },
  };
}
