import type { InputProblem } from '@pawfresh/kit';
import type { DiscountInterval, DiscountScheduleInput } from '@pawfresh/contracts/pricing';

/** The schedule's `recurring` flag when the request leaves it out: the interval's usual shape. */
export const defaultRecurring = (interval: DiscountInterval) => interval === 'recurring';

export const HYBRID_NEEDS_ONE_RECURRING =
  'A hybrid discount must have exactly one schedule marked recurring';
export const ONCE_OFF_HAS_NO_RECURRING =
  'A once-off discount cannot have a recurring schedule: make it recurring or hybrid';
export const RECURRING_NEEDS_RECURRING =
  'Every schedule of a recurring discount must be recurring: use a hybrid discount to mix once-off and recurring schedules';

/**
 * services.md §5 rules the schema alone cannot say: how schedules fit their interval, that each
 * order position is used once, that a percentage is at most 100, and that each filter names
 * what its type needs (and nothing else).
 */
export function discountInputProblems(
  interval: DiscountInterval,
  schedules: readonly DiscountScheduleInput[],
): InputProblem[] {
  const problems: InputProblem[] = [];
  const recurring = schedules.map((s) => s.recurring ?? defaultRecurring(interval));
  const recurringCount = recurring.filter(Boolean).length;
  if (interval === 'hybrid' && recurringCount !== 1) {
    problems.push({ path: ['schedules'], message: HYBRID_NEEDS_ONE_RECURRING, code: 'hybrid' });
  }
  if (interval === 'once-off' && recurringCount > 0) {
    problems.push({ path: ['schedules'], message: ONCE_OFF_HAS_NO_RECURRING, code: 'once-off' });
  }
  if (interval === 'recurring' && recurringCount !== schedules.length) {
    problems.push({ path: ['schedules'], message: RECURRING_NEEDS_RECURRING, code: 'recurring' });
  }
  const seen = new Set<number>();
  schedules.forEach((schedule, s) => {
    if (seen.has(schedule.orderPosition)) {
      problems.push({
        path: ['schedules', s, 'orderPosition'],
        message: `Order position ${schedule.orderPosition} has more than one schedule: each order position can have only one`,
        code: 'duplicate_position',
      });
    }
    seen.add(schedule.orderPosition);
    schedule.applications.forEach((application, a) => {
      const at = ['schedules', s, 'applications', a];
      if (application.type === 'percentage' && application.value > 100) {
        problems.push({
          path: [...at, 'value'],
          message: `schedules[${s}].applications[${a}].value must be a whole percent from 1 to 100 (50 means 50%)`,
          code: 'percentage',
        });
      }
      application.filters.forEach((filter, f) => {
        const where = `schedules[${s}].applications[${a}].filters[${f}]`;
        const needs = {
          'all-items': null,
          product: 'productId',
          'product-variant': 'productVariantId',
          'product-type': 'productType',
        } as const;
        const needed = needs[filter.type];
        if (needed && filter[needed] == null) {
          problems.push({
            path: [...at, 'filters', f, needed],
            message: `${where}.${needed} is required for a ${filter.type} filter`,
            code: 'filter_target',
          });
        }
        for (const field of ['productId', 'productVariantId', 'productType'] as const) {
          if (field !== needed && filter[field] != null) {
            problems.push({
              path: [...at, 'filters', f, field],
              message: `${where}.${field} does not belong on a ${filter.type} filter: leave it out`,
              code: 'filter_target',
            });
          }
        }
      });
    });
  });
  return problems;
}
