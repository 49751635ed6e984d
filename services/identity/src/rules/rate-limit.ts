/**
 * How often people may try things that guess at secrets (docs/identity.md). Each rule counts
 * attempts in a sliding window: at most `limit` within any `windowMs`.
 */
export interface RateLimitRule {
  /** What is limited; with the key (an e-mail or a client address) it names one counter. */
  scope: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const rateLimitRules = {
  /** Failed sign-ins for one account (its e-mail, whether or not it exists). */
  signInAccount: { scope: 'sign-in:account', limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one client address, whatever the account. */
  signInAddress: { scope: 'sign-in:address', limit: 20, windowMs: 15 * MINUTE },
  /** Reset e-mails asked for one address: each sends mail, so they are counted, not failures. */
  resetRequestAccount: { scope: 'password-reset:account', limit: 3, windowMs: 60 * MINUTE },
  resetRequestAddress: { scope: 'password-reset:address', limit: 10, windowMs: 60 * MINUTE },
  /** Wrong reset codes for one account: six digits must not be guessable. */
  resetConfirmAccount: { scope: 'password-reset-confirm:account', limit: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** The longest window: older counters can be forgotten. */
export const longestWindowMs = Math.max(...Object.values(rateLimitRules).map((r) => r.windowMs));

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait 15 minutes and try again.';

/** The attempts that still count at `now`. */
export function hitsInWindow(hits: readonly number[], rule: RateLimitRule, now: Date): number[] {
  const since = now.getTime() - rule.windowMs;
  return hits.filter((at) => at > since);
}

/** Whether one more attempt would go over the rule's limit. */
export function isOverLimit(hits: readonly number[], rule: RateLimitRule, now: Date): boolean {
  return hitsInWindow(hits, rule, now).length >= rule.limit;
}

/** The hits without one attempt made at `at` (an attempt that turned out to be a success). */
export function withoutHit(hits: readonly number[], at: number): number[] {
  const index = hits.indexOf(at);
  return index < 0 ? [...hits] : [...hits.slice(0, index), ...hits.slice(index + 1)];
}

/** Keys are compared without case or surrounding space; an empty key limits nothing. */
export function rateLimitKey(value: string | null | undefined): string | undefined {
  const key = value?.trim().toLowerCase();
  return key ? key : undefined;
}
