/**
 * How often one client address may call the public sign-up routes (docs/sign-up.md): a fixed
 * window per (scope, address). Sign-in's limits live in identity (failures, kept in its tables);
 * these count every call, kept in the process, as the routes are cheap to repeat but public.
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowMs: number;
}

export const signUpThrottles = {
  /** Postcodes, breeds, prices, dates: a person clicking through pages makes a few a minute. */
  read: { scope: 'sign-up:read', limit: 120, windowMs: 60_000 },
  /** Dogs kept and sign-ups tried (each saves data or tries a card). */
  write: { scope: 'sign-up:write', limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

export const TOO_MANY_SIGN_UP_CALLS = 'Too many attempts. Please wait a few minutes and try again.';

export interface ThrottleWindow {
  startedAt: number;
  count: number;
}

/** The window after one more call at `now`, and whether that call is over the limit. */
export function countCall(
  window: ThrottleWindow | undefined,
  rule: ThrottleRule,
  now: number,
): { window: ThrottleWindow; over: boolean } {
  const current =
    window && now - window.startedAt < rule.windowMs ? window : { startedAt: now, count: 0 };
  const next = { startedAt: current.startedAt, count: current.count + 1 };
  return { window: next, over: next.count > rule.limit };
}
