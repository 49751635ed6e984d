import type { Profile } from '@pawfresh/contracts/account';
import type { Session } from '@pawfresh/contracts/identity';
import { toProfile } from '../rules/customer-views.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf, QueryOf } from './context.js';

export async function readProfile(ctx: AccountContext, userId: string): Promise<Profile> {
  return toProfile(await relay(ctx.identity.getUser({ params: { userId } }), [404]));
}

/**
 * Changes names, e-mail, phone or password. A new password signs every session out, so identity
 * also starts this device's new session in the same step (not a sign-in, never throttled).
 */
export async function updateProfile(
  ctx: AccountContext,
  userId: string,
  changes: BodyOf<'updateMe'>,
): Promise<{ profile: Profile; session?: Session }> {
  const { session, ...user } = await relay(
    ctx.identity.updateUser({
      params: { userId },
      body: changes.password ? { ...changes, startSession: true } : changes,
    }),
  );
  const profile = toProfile(user);
  return session ? { profile, session } : { profile };
}

/** Whether an e-mail already belongs to an account (the sign-up form asks before it submits). */
export const checkEmail = (ctx: AccountContext, query: QueryOf<'checkEmail'>) =>
  relay(ctx.identity.checkEmail({ query }));
