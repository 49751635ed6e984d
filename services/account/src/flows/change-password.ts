import { badRequest, isRefused, refusalOf } from '@pawfresh/kit';
import type { Session } from '@pawfresh/contracts/identity';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

/**
 * Changes the password given the current one; identity answers this device's new session in the
 * same step (every other session ends), so it is never held by the sign-in limits.
 */
export async function changePassword(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'resetPassword'>,
): Promise<Session> {
  try {
    return await relay(ctx.identity.changePassword({ params: { userId }, body: form }), [400]);
  } catch (err) {
    // A wrong current password is a mistake in the form (400), not a lost session (401).
    if (isRefused(err, 401)) {
      throw badRequest(refusalOf(err)?.message ?? WRONG_CURRENT_PASSWORD);
    }
    throw err;
  }
}
