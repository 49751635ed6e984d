import type { Principal } from '@pawfresh/kit';
import type { UserRole } from '@pawfresh/contracts/enums';
import {
  changeUser,
  findUserByEmail,
  findUserById,
  insertUser,
  replacePassword,
  type UserChanges,
  type UserRow,
} from '../db/users-store.js';
import { hashPassword, verifyPassword } from '../rules/passwords.js';
import type { Session } from '@pawfresh/contracts/identity';
import type { IdentityContext } from './context.js';
import { sessionAnswer } from './sessions.js';

/**
 * The session to keep when a password changes: the caller's own, if a signed-in user changes
 * their own password; with service credentials there is none, so every session ends.
 */
export const sessionToKeep = (auth: Principal | undefined, userId: string): string | undefined =>
  auth?.kind === 'user' && auth.userId === userId ? auth.sessionId : undefined;

export async function createUser(
  ctx: IdentityContext,
  input: {
    id?: string | undefined;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    phoneNumber?: string | null;
    role: UserRole;
  },
): Promise<UserRow | 'email_taken' | 'id_taken'> {
  if (input.id !== undefined && (await findUserById(ctx.db, input.id))) return 'id_taken';
  // Checked first to spare the hash; the unique index still decides between concurrent sign-ups.
  if (await findUserByEmail(ctx.db, input.email)) return 'email_taken';
  return insertUser(
    ctx.db,
    {
      ...(input.id !== undefined ? { id: input.id } : {}),
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber ?? null,
      role: input.role,
    },
    ctx.clock.now(),
  );
}

export async function updateUser(
  ctx: IdentityContext,
  userId: string,
  input: Omit<UserChanges, 'passwordHash'> & { password?: string; startSession?: boolean },
  keepFamilyId: string | undefined,
): Promise<{ user: UserRow; session?: Session } | 'not_found' | 'email_taken'> {
  const { password, startSession, ...rest } = input;
  const changes: UserChanges = { ...rest };
  if (password !== undefined) changes.passwordHash = await hashPassword(password);
  const result = await changeUser(ctx.db, userId, changes, ctx.clock.now(), {
    keepFamilyId,
    startSession: startSession === true,
  });
  if (typeof result === 'string' || !result.refresh) return result;
  return { user: result.user, session: await sessionAnswer(ctx, result.user, result.refresh) };
}

/**
 * Changes a password given the current one: every session ends, the caller's own included, and
 * the device that changed it gets a new one in the same transaction (answered). Not a sign-in, so
 * never held by the sign-in limits.
 */
export async function changePassword(
  ctx: IdentityContext,
  userId: string,
  input: { previousPassword: string; password: string },
): Promise<Session | 'not_found' | 'wrong_password'> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return 'not_found';
  if (!(await verifyPassword(user.passwordHash, input.previousPassword))) return 'wrong_password';
  const replaced = await replacePassword(
    ctx.db,
    userId,
    user.passwordHash,
    await hashPassword(input.password),
    ctx.clock.now(),
    { startSession: true },
  );
  // Not replaced: the password changed while we checked it, so the one given is stale.
  if (!replaced?.refresh) return 'wrong_password';
  return sessionAnswer(ctx, replaced.user, replaced.refresh);
}
