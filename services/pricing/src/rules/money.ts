/**
 * Integer-cent arithmetic. Every amount the pricing service handles is a whole number of cents;
 * these are the only places a division happens, so the rounding of every price is decided here.
 */

/** `numerator / denominator`, rounded to the nearest cent, halves up (both non-negative). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `numerator / denominator` rounded down: never more than the exact amount. */
export function divideRoundDown(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor(numerator / denominator);
}

/**
 * Splits `amount` cents over `weights` in proportion, exactly: the shares sum to `amount` and no
 * share exceeds its weight (when `amount` <= the sum of weights). Each share is first rounded
 * down; the cents left over go one each to the largest remainders, ties to the lowest `rank`
 * (a canonical order the caller gives, so the split does not depend on the order of the input).
 * BigInt, because amount × weight can pass 2^53 for large carts.
 */
export function allocateProportionally(
  amount: number,
  weights: readonly number[],
  rank: readonly number[],
): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  if (amount >= total) return [...weights];
  const bigAmount = BigInt(amount);
  const bigTotal = BigInt(total);
  const shares = weights.map((w) => (bigAmount * BigInt(w)) / bigTotal);
  const remainders = weights.map((w, i) => bigAmount * BigInt(w) - shares[i]! * bigTotal);
  let left = amount - shares.reduce((sum, s) => sum + Number(s), 0);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      if (ra !== rb) return ra > rb ? -1 : 1;
      return rank[a]! - rank[b]!;
    });
  const result = shares.map(Number);
  for (const i of order) {
    if (left === 0) break;
    if (remainders[i]! === 0n) continue;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}
