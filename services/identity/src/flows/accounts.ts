import { notFound } from '@pawfresh/kit';
import {
  findDefaultAddress,
  putDefaultAddress,
  toAddress,
  type AddressFields,
} from '../db/address-store.js';
import { listMail } from '../db/mailbox-store.js';
import { revokeFamilyOfToken } from '../db/session-store.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  searchUsers,
  toUser,
} from '../db/users-store.js';
import { phoneForms, startsWithPattern } from '../rules/user-search.js';
import type { IdentityContext } from './context.js';

// Reads and small writes of a user, their default address, sessions and the development mailbox,
// answered in the contract's shapes.

export { toUser };

export const NO_DEFAULT_ADDRESS = 'No default address yet';
export const userNotFound = (userId: string) => notFound(`User ${userId} not found`);

export async function getUser(ctx: IdentityContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw userNotFound(userId);
  return toUser(user);
}

export async function removeUser(ctx: IdentityContext, userId: string): Promise<void> {
  if (!(await deleteUser(ctx.db, userId))) throw userNotFound(userId);
}

/** The user with this e-mail, if any, as a list (at most one: e-mails are unique). */
export async function usersWithEmail(ctx: IdentityContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  return user ? [toUser(user)] : [];
}

/** The back office's search over people: by e-mail, name (their start) or phone number. */
export async function usersLike(ctx: IdentityContext, text: string, limit: number) {
  const found = await searchUsers(
    ctx.db,
    { prefix: startsWithPattern(text), phones: phoneForms(text) ?? [] },
    limit,
  );
  return found.map(toUser);
}

export async function isEmailTaken(ctx: IdentityContext, email: string): Promise<boolean> {
  return Boolean(await findUserByEmail(ctx.db, email));
}

/** Signs out: the refresh token's whole family revoked. */
export async function endSession(ctx: IdentityContext, refreshToken: string): Promise<void> {
  await revokeFamilyOfToken(ctx.db, refreshToken, ctx.clock.now());
}

export async function getDefaultAddress(ctx: IdentityContext, userId: string) {
  const address = await findDefaultAddress(ctx.db, userId);
  if (address) return toAddress(address);
  if (!(await findUserById(ctx.db, userId))) throw userNotFound(userId);
  throw notFound(NO_DEFAULT_ADDRESS);
}

export async function setDefaultAddress(
  ctx: IdentityContext,
  userId: string,
  input: AddressFields,
) {
  const address = await putDefaultAddress(ctx.db, userId, input, ctx.clock.now());
  if (address === 'user_not_found') throw userNotFound(userId);
  return toAddress(address);
}

/** The development mailbox's messages, to one address when given. */
export async function mailbox(ctx: IdentityContext, to?: string) {
  const messages = await listMail(ctx.db, to);
  return messages.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
}
