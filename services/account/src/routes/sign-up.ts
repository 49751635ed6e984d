import { HttpError, type Clock } from '@pawfresh/kit';
import type { AccountContext } from '../flows/context.js';
import {
  createSignUpDogs,
  postcodeServiceability,
  priceSignUpPlans,
  signUp,
  signUpDeliveryDates,
  signUpDogMetadata,
} from '../flows/sign-up.js';
import type { SessionCookies } from '../session-cookie.js';
import {
  countCall,
  signUpThrottles,
  TOO_MANY_SIGN_UP_CALLS,
  type ThrottleRule,
  type ThrottleWindow,
} from '../rules/throttle.js';
import type { AccountHandlers } from './signed-in.js';

/** Counts each client address's calls in this process; over the rule's limit is a 429. */
function throttler(clock: Clock) {
  const windows = new Map<string, ThrottleWindow>();
  return (rule: ThrottleRule, ip: string) => {
    const key = `${rule.scope}|${ip}`;
    const now = clock.now().getTime();
    const { window, over } = countCall(windows.get(key), rule, now);
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (now - w.startedAt >= rule.windowMs) windows.delete(k);
    }
    windows.set(key, window);
    if (over) throw new HttpError(429, TOO_MANY_SIGN_UP_CALLS, { type: 'rate_limited' });
  };
}

/** The sign-up funnel's public routes (docs/sign-up.md). */
export function signUpRoutes(
  ctx: AccountContext,
  cookies: SessionCookies,
): AccountHandlers<
  | 'getSignUpPostcode'
  | 'getSignUpDogMetadata'
  | 'createSignUpDogs'
  | 'priceSignUpPlans'
  | 'getSignUpDeliveryDates'
  | 'signUp'
> {
  const throttle = throttler(ctx.clock);
  const { read, write } = signUpThrottles;
  return {
    getSignUpPostcode: async ({ params }, request) => {
      throttle(read, request.ip);
      return postcodeServiceability(ctx, params.postcode);
    },
    getSignUpDogMetadata: async (_input, request) => {
      throttle(read, request.ip);
      return signUpDogMetadata(ctx);
    },
    createSignUpDogs: async ({ body }, request) => {
      throttle(write, request.ip);
      return createSignUpDogs(ctx, body);
    },
    priceSignUpPlans: async ({ body }, request) => {
      throttle(read, request.ip);
      return priceSignUpPlans(ctx, body);
    },
    getSignUpDeliveryDates: async ({ query }, request) => {
      throttle(read, request.ip);
      return signUpDeliveryDates(ctx, query);
    },
    signUp: async ({ body }, request, reply) => {
      throttle(write, request.ip);
      const { session, amountCharged, firstDeliveryDate } = await signUp(ctx, body, request.ip);
      cookies.keep(reply, session);
      return {
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        amountCharged,
        firstDeliveryDate,
      };
    },
  };
}
