import { unauthorized, type Handlers, type Principal } from '@pawfresh/kit';
import type { accountContract } from '@pawfresh/contracts/account';

/** The handlers of some of the customer API's endpoints (one routes file per area). */
export type AccountHandlers<K extends keyof Handlers<typeof accountContract>> = Pick<
  Handlers<typeof accountContract>,
  K
>;

/** The signed-in customer's id (the kit has already checked the access token). */
export function customerId(auth: Principal | undefined): string {
  if (auth?.kind !== 'user') throw unauthorized('Sign in to continue');
  return auth.userId;
}

/** The answer of a call with nothing else to say; frozen because every such answer shares it. */
export const success = Object.freeze({ success: true as const });
