/**
 * DBOS's rate limit for `perSecond` runs a second, paced in windows of about a fifth of a second
 * (`k` runs every `k / perSecond` s): a whole second's budget started at once reached the provider
 * in bursts that spilled into its next second, and it refused them (429).
 */
export function paced(perSecond: number): { limitPerPeriod: number; periodSec: number } {
  const k = Math.max(1, Math.round(perSecond / 5));
  return { limitPerPeriod: k, periodSec: k / perSecond };
}
