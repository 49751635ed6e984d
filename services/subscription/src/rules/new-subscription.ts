import type { InputProblem } from '@pawfresh/kit';

/** A dog has one feeding plan on a subscription: a plan repeating an earlier plan's dog. */
export function duplicateDogProblems(plans: readonly { animalId: string }[]): InputProblem[] {
  return plans.flatMap((p, i) => {
    const first = plans.findIndex((q) => q.animalId === p.animalId);
    if (first === i) return [];
    return [
      {
        path: ['feedingPlans', i, 'animalId'],
        code: 'duplicate_dog',
        message: `feedingPlans[${i}] is for the same dog as feedingPlans[${first}]: a dog has one feeding plan`,
      },
    ];
  });
}

/** A discount is on a subscription once: a discount repeating an earlier one. */
export function duplicateDiscountProblems(
  discounts: readonly { discountId: string }[],
): InputProblem[] {
  return discounts.flatMap((d, i) => {
    const first = discounts.findIndex((q) => q.discountId === d.discountId);
    if (first === i) return [];
    return [
      {
        path: ['discounts', i, 'discountId'],
        code: 'duplicate_discount',
        message: `discounts[${i}] repeats discounts[${first}]: a discount is on a subscription once`,
      },
    ];
  });
}
