/** How far a plan's ratios may be from 1 in total (three shares of 0.333 are fine). */
export const RATIO_TOLERANCE = 0.005;

/** Whether a feeding plan's sku ratios add up to 1. */
export const ratiosAddUp = (ratios: readonly number[]) =>
  Math.abs(ratios.reduce((s, r) => s + r, 0) - 1) <= RATIO_TOLERANCE;

/**
 * Splits an order's pouches over a plan's meals by their ratios, exactly: each gets the whole
 * part of its share, and the pouches left over go to the largest remainders (the earlier meal
 * on a tie). The parts always add up to `total`.
 */
export function allocatePouches(total: number, ratios: readonly number[]): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be a whole number');
  const sum = ratios.reduce((s, r) => s + r, 0);
  if (ratios.length === 0 || !(sum > 0)) throw new RangeError('ratios must be positive');
  const exact = ratios.map((r) => (total * r) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
