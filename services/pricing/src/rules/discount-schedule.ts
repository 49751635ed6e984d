/** The part of a schedule that decides which order it applies to. */
export interface ScheduleTiming {
  orderPosition: number;
  recurring: boolean;
}

/**
 * Which schedule of a discount applies to the order at `orderPosition` (zero-indexed: 0 is the
 * first box). One rule for the three intervals (docs/pricing.md "Which schedule applies"):
 *
 * - a once-off (non-recurring) schedule applies to its own position only, and wins there;
 * - otherwise the recurring schedule with the latest position at or before this one applies.
 *
 * So a once-off discount applies only at its positions, a recurring one to every order from its
 * position on, and a hybrid's once-off schedules take their positions while its single recurring
 * schedule takes every other position from its own on.
 */
export function scheduleForOrderPosition<S extends ScheduleTiming>(
  schedules: readonly S[],
  orderPosition: number,
): S | undefined {
  const onceOff = schedules.find((s) => !s.recurring && s.orderPosition === orderPosition);
  if (onceOff) return onceOff;
  let best: S | undefined;
  for (const s of schedules) {
    if (!s.recurring || s.orderPosition > orderPosition) continue;
    if (!best || s.orderPosition > best.orderPosition) best = s;
  }
  return best;
}

/** Whether a discount can apply to more than one order of a subscription (list filter). */
export function appliesToMultipleOrders(schedules: readonly ScheduleTiming[]): boolean {
  return schedules.length > 1 || schedules.some((s) => s.recurring);
}
