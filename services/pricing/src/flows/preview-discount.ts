import { randomUUID } from 'node:crypto';
import { refuseIfAny, type InputProblem } from '@pawfresh/kit';
import { MAX_CENTS, type PriceResult } from '@pawfresh/contracts/pricing';
import { calculatePrice, type PricingDiscount } from '../rules/calculate-price.js';
import { defaultRecurring, discountInputProblems } from '../rules/discount-rules.js';
import { priceRequestProblems } from '../rules/price-request-rules.js';
import type { BodyOf } from './context.js';

type PreviewBody = BodyOf<'previewDiscount'>;

/** A request of a preview that names a discount of its own: the draft is the only one priced. */
function ownDiscountProblems(requests: PreviewBody['requests']): InputProblem[] {
  return requests.flatMap((r, n) => {
    const items = [
      ...r.plans.flatMap((p, pi) =>
        p.items.map((item, i) => ({ item, at: ['plans', pi, 'items', i] })),
      ),
      ...r.extras.items.map((item, i) => ({ item, at: ['extras', 'items', i] })),
    ];
    const named = [
      ...(r.discountId ? [['discountId']] : []),
      ...(r.promotionCode ? [['promotionCode']] : []),
      ...items.filter(({ item }) => item.discountId).map(({ at }) => [...at, 'discountId']),
    ];
    return named.map((path) => ({
      path: ['requests', n, ...path],
      message: `requests[${n}] must not name a discount of its own (${path.join('.')}): the draft is the discount priced`,
      code: 'discount',
    }));
  });
}

/**
 * A discount that is not saved, priced (the discount builder): checked by the rules createDiscount
 * uses, then each request priced by the one calculation with the draft as its discount. Nothing
 * is stored, so the price shown before saving is the price the saved discount gives.
 */
export function previewDiscount(body: PreviewBody): { results: PriceResult[] } {
  refuseIfAny([
    ...discountInputProblems(body.interval, body.schedules),
    ...ownDiscountProblems(body.requests),
    ...body.requests.flatMap((r, n) =>
      priceRequestProblems(r).map((p) => ({ ...p, path: ['requests', n, ...p.path] })),
    ),
  ]);
  const draft: PricingDiscount = {
    id: randomUUID(),
    interval: body.interval,
    schedules: body.schedules.map((s) => ({
      id: randomUUID(),
      orderPosition: s.orderPosition,
      recurring: s.recurring ?? defaultRecurring(body.interval),
      applications: s.applications.map((a) => ({
        id: randomUUID(),
        type: a.type,
        value: a.value,
        filters: a.filters.map((f) => ({
          id: randomUUID(),
          type: f.type,
          productId: f.productId ?? null,
          productVariantId: f.productVariantId ?? null,
          productType: f.productType ?? null,
          quantity: f.quantity ?? null,
        })),
      })),
    })),
  };
  const discounts = new Map([[draft.id, draft]]);
  const results = body.requests.map((request) =>
    calculatePrice({ ...request, discountId: draft.id, discounts }),
  );
  refuseIfAny(
    results.flatMap((r, n) =>
      r.totalPrice > MAX_CENTS
        ? [
            {
              path: ['requests', n],
              message: `requests[${n}] would cost more than the most that can be charged (${MAX_CENTS} cents)`,
              code: 'total',
            },
          ]
        : [],
    ),
  );
  return { results };
}
