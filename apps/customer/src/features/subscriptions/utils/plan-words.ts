import type { AccountResponse } from '@pawfresh/contracts/account';

import { formatCents, formatDay, formatNumber } from '../../../lib/format';

type PlanSide = AccountResponse<'reviewUpdateSubscriptionServingSize'>['before'];
type PlanFigures = PlanSide['feedingPlans'][number];

/** customer-app.md §4 feeding-plan types in the customer's words. */
export const PLAN_TYPE_WORDS = {
  full_bowl: { name: 'Full bowl', detail: 'All of their daily food is fresh' },
  half_bowl: {
    name: 'Half bowl',
    detail: 'Half of their daily food, mixed with what they eat now',
  },
  starter_box: { name: 'Starter box', detail: 'A first box to try' },
  trial_box: { name: 'Trial box', detail: 'A trial box' },
} as const;

/** The types a customer may switch between (starter and trial boxes are for new customers). */
export const CHOOSABLE_PLAN_TYPES = ['full_bowl', 'half_bowl'] as const;

/** Pouches a day from the daily grams and the pouch size ("2", "1.5"). */
export function pouchesPerDay(plan: Pick<PlanFigures, 'dailyGrams' | 'pouchSizeInGrams'>): number {
  return plan.pouchSizeInGrams > 0 ? plan.dailyGrams / plan.pouchSizeInGrams : 0;
}

export function describePouchesPerDay(pouches: number): string {
  return `${formatNumber(pouches, 1)} ${pouches === 1 ? 'pouch' : 'pouches'} a day`;
}

/** "300 g a day". */
export const describeGrams = (grams: number) => `${grams} g a day`;

/**
 * A dog's daily portion on its plan, as the dogs page and the portion page say it: "300 g a day
 * (2 pouches a day)", ", half bowl" when it is one. The plan is the truth: the next box may be
 * closed and still hold the portion from before a change.
 */
export function planPortionInWords(plan: {
  currentDailyServingSizeInGrams: number;
  pouchesPerDay: number;
  type: string;
}): string {
  const portion = `${describeGrams(plan.currentDailyServingSizeInGrams)} (${describePouchesPerDay(plan.pouchesPerDay)})`;
  return plan.type === 'half_bowl' ? `${portion}, half bowl` : portion;
}

export type ComparisonRow = { label: string; before: string; after: string; changed: boolean };

/**
 * One dog's plan before and after a change, in plain words: the portion in grams and pouches a
 * day first, the box and the money after (energy is not shown: issue 17 "plain words").
 */
export function compareSides(before: PlanSide, after: PlanSide, animalId: string): ComparisonRow[] {
  const b = before.feedingPlans.find((p) => p.animalId === animalId);
  const a = after.feedingPlans.find((p) => p.animalId === animalId);
  const rows: [string, string, string][] = [];
  if (b && a) {
    rows.push(
      ['Plan', PLAN_TYPE_WORDS[b.type].name, PLAN_TYPE_WORDS[a.type].name],
      ['Daily portion', describeGrams(b.dailyGrams), describeGrams(a.dailyGrams)],
      [
        'Pouches a day',
        `${describePouchesPerDay(pouchesPerDay(b))} (${b.pouchSizeInGrams} g each)`,
        `${describePouchesPerDay(pouchesPerDay(a))} (${a.pouchSizeInGrams} g each)`,
      ],
    );
  }
  rows.push(
    ['Pouches per box', String(before.pouchesPerBox), String(after.pouchesPerBox)],
    ['Price per box', formatCents(before.pricePerBox), formatCents(after.pricePerBox)],
    ['Price per day', formatCents(before.pricePerDay), formatCents(after.pricePerDay)],
  );
  return rows.map(([label, was, now]) => ({
    label,
    before: was,
    after: now,
    changed: was !== now,
  }));
}

/** "Your price per box goes from $98.00 to $130.48." and the like, for the success notice. */
export function describeChange(rows: readonly ComparisonRow[]): string {
  const changed = rows.filter((row) => row.changed);
  if (changed.length === 0) return 'Nothing changed.';
  return changed.map((row) => `${row.label}: ${row.before} → ${row.after}.`).join(' ');
}

/** "Fri 4 Dec" for an order id, from the deliveries the app has loaded. */
export function boxDay(
  orderId: string,
  deliveryDates: ReadonlyMap<string, string>,
  fallback?: string,
): string {
  const date = deliveryDates.get(orderId) ?? fallback;
  return date ? formatDay(date) : 'A box';
}
