import type { InputProblem } from '@pawfresh/kit';
import type { GetPriceInput } from '@pawfresh/contracts/pricing';

/** The parts of a get-price request the rules below look at. */
export type PriceRequest = Pick<
  GetPriceInput,
  'discountId' | 'promotionCode' | 'calculationType' | 'plans' | 'fees'
>;

/**
 * services.md §5 rules for a price request the schema alone cannot say: one discount source at a
 * time, a weight for every item of a weight_based order, and no fee discounted above its price.
 */
export function priceRequestProblems(body: PriceRequest): InputProblem[] {
  const problems: InputProblem[] = [];
  if (body.discountId && body.promotionCode) {
    problems.push({
      path: ['promotionCode'],
      message: 'Send either discountId or promotionCode, not both',
      code: 'discount',
    });
  }
  if (body.calculationType === 'weight_based') {
    body.plans.forEach((plan, p) =>
      plan.items.forEach((item, i) => {
        if (!item.weightInGrams) {
          problems.push({
            path: ['plans', p, 'items', i, 'weightInGrams'],
            message: `plans[${p}].items[${i}].weightInGrams is required for weight_based pricing`,
            code: 'weight',
          });
        }
      }),
    );
  }
  const fees = [
    ...body.fees.map((fee, f) => ({ fee, at: `fees[${f}]` })),
    ...body.plans.flatMap((plan, p) =>
      plan.customShippingFees.map((fee, f) => ({
        fee,
        at: `plans[${p}].customShippingFees[${f}]`,
      })),
    ),
  ];
  for (const { fee, at } of fees) {
    if (fee.discountedPrice != null && fee.discountedPrice > fee.price) {
      problems.push({
        path: [at, 'discountedPrice'],
        message: `${at}.discountedPrice must not be more than its price`,
        code: 'fee',
      });
    }
  }
  return problems;
}
