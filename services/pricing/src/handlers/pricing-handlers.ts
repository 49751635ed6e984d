import { badRequest, type Clock, type Handlers } from '@pawfresh/kit';
import { MAX_CENTS, type pricingContract } from '@pawfresh/contracts/pricing';
import { loadDiscounts } from '../db/discount-store.js';
import type { PricingDb } from '../db/pricing-db.js';
import { calculatePrice } from '../rules/calculate-price.js';
import type { InputProblem } from '../rules/discount-rules.js';
import { discountNotFound } from './discount-handlers.js';
import { refuseIfAny } from './problems.js';
import { usablePromotion } from './promotion-handlers.js';

type PricingHandlers = Pick<Handlers<typeof pricingContract>, 'getPrice'>;

/**
 * The route only gathers what the calculation needs (the discounts, the promotion code's
 * discount) and checks it may be used; `calculatePrice` does all the arithmetic.
 */
export function pricingHandlers(db: PricingDb, clock: Clock): PricingHandlers {
  return {
    getPrice: async ({ body }) => {
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
      refuseIfAny(problems);

      const now = clock.now();
      const promotion = body.promotionCode
        ? await usablePromotion(db, body.promotionCode, now)
        : undefined;
      const orderDiscountId = body.discountId ?? promotion?.discountId ?? null;
      const ids = new Set<string>();
      if (orderDiscountId) ids.add(orderDiscountId);
      for (const item of [...body.plans.flatMap((p) => p.items), ...body.extras.items]) {
        if (item.discountId) ids.add(item.discountId);
      }
      const loaded = await loadDiscounts(db, [...ids]);
      const discounts = new Map(loaded.map((d) => [d.id, d]));
      for (const id of ids) {
        const discount = discounts.get(id);
        // A deleted discount is gone for pricing, whoever names it.
        if (!discount || discount.deletedAt) throw discountNotFound(id);
        if (discount.disabledAt) {
          throw badRequest(`Discount "${discount.name}" (${id}) is disabled and cannot be applied`);
        }
      }

      const result = calculatePrice({ ...body, discountId: orderDiscountId, discounts });
      if (result.totalPrice > MAX_CENTS) {
        throw badRequest(
          `The order would cost more than the most that can be charged (${MAX_CENTS} cents): split it`,
        );
      }
      return result;
    },
  };
}
