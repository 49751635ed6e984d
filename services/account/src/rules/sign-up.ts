/**
 * The sign-up funnel's decisions (docs/sign-up.md): pure, tested with plain values and fast-check.
 */

/** Checkout starts every subscription fortnightly (orchestration's CHECKOUT_CADENCE_IN_WEEKS). */
export const SIGN_UP_CADENCE_IN_WEEKS = 2;

/** A postcode's suburbs, each once, sorted by name; serviceable when any suburb is. */
export function postcodeCoverage(
  postcode: string,
  zones: readonly { suburb: string; isServiceable: boolean }[],
) {
  const bySuburb = new Map<string, boolean>();
  for (const z of zones)
    bySuburb.set(z.suburb, (bySuburb.get(z.suburb) ?? false) || z.isServiceable);
  const suburbs = [...bySuburb]
    .map(([suburb, serviceable]) => ({ suburb, serviceable }))
    .sort((a, b) => a.suburb.localeCompare(b.suburb));
  return { postcode, serviceable: suburbs.some((s) => s.serviceable), suburbs };
}

/** The order service's options grouped by day, days in order, AM before PM. */
export function deliveryDays(
  options: readonly { deliveryDate: string; slot: 'AM' | 'PM'; cutoffAt: string }[],
): { deliveryDate: string; slots: { slot: 'AM' | 'PM'; cutoffAt: string }[] }[] {
  const byDay = new Map<string, { slot: 'AM' | 'PM'; cutoffAt: string }[]>();
  for (const o of options) {
    const slots = byDay.get(o.deliveryDate) ?? [];
    if (!slots.some((s) => s.slot === o.slot)) slots.push({ slot: o.slot, cutoffAt: o.cutoffAt });
    byDay.set(o.deliveryDate, slots);
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([deliveryDate, slots]) => ({
      deliveryDate,
      slots: slots.sort((a, b) => a.slot.localeCompare(b.slot)),
    }));
}

/**
 * The box's prices from each dog's plan: every box at full price, a day, and the first box with
 * what the promotion code takes off each dog's plan (the checkout prices the cart the same way).
 */
export function planTotals(
  plans: readonly {
    feedingPlan: { totalPrice: number; dailyPrice: number };
    promotion: { discountTotal: number } | null;
  }[],
  promotionCode: string | null,
) {
  const boxPrice = plans.reduce((sum, p) => sum + p.feedingPlan.totalPrice, 0);
  const dailyPrice = plans.reduce((sum, p) => sum + p.feedingPlan.dailyPrice, 0);
  const discountTotal = Math.min(
    boxPrice,
    plans.reduce((sum, p) => sum + (p.promotion?.discountTotal ?? 0), 0),
  );
  return {
    boxPrice,
    dailyPrice,
    firstBoxPrice: boxPrice - discountTotal,
    promotion: promotionCode === null ? null : { code: promotionCode, discountTotal },
  };
}
