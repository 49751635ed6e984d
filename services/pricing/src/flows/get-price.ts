import { badRequest, HttpError, notFound, refuseIfAny } from '@pawfresh/kit';
import { MAX_CENTS, type LinePrices, type PriceResult } from '@pawfresh/contracts/pricing';
import type { PricingDb } from '../db/pricing-db.js';
import { countUses, findPromotionByCode } from '../db/promotion-store.js';
import { calculatePrice } from '../rules/calculate-price.js';
import { priceRequestProblems } from '../rules/price-request-rules.js';
import { promotionRefusal, promotionRefusalMessage } from '../rules/promotion-rules.js';
import type { BodyOf, PricingContext } from './context.js';
import { discountNotFound } from './not-found.js';

/** The discount a customer's code gives, if the code can be used now. */
async function usablePromotionDiscount(db: PricingDb, code: string, now: Date): Promise<string> {
  const promotion = await findPromotionByCode(db, code);
  if (!promotion) throw notFound(`Promotion code ${code} not found`);
  const refusal = promotionRefusal(promotion, await countUses(db, promotion.id), now);
  if (refusal) throw badRequest(promotionRefusalMessage(refusal, promotion));
  if (!promotion.discountId) throw badRequest(`Promotion code ${code} gives no discount`);
  return promotion.discountId;
}

/**
 * Gathers what the calculation needs (the discounts, the promotion code's discount) and checks
 * they may be used; `calculatePrice` does all the arithmetic.
 */
export async function getPrice(
  { db, clock, discounts: cache }: PricingContext,
  body: BodyOf<'getPrice'>,
): Promise<PriceResult> {
  refuseIfAny(priceRequestProblems(body));
  const codeDiscountId = body.promotionCode
    ? await usablePromotionDiscount(db, body.promotionCode, clock.now())
    : undefined;
  const orderDiscountId = body.discountId ?? codeDiscountId ?? null;
  const ids = new Set<string>();
  if (orderDiscountId) ids.add(orderDiscountId);
  for (const item of [...body.plans.flatMap((p) => p.items), ...body.extras.items]) {
    if (item.discountId) ids.add(item.discountId);
  }
  const discounts = await cache.load(db, [...ids]);
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
}

/**
 * Many orders priced at once (order generation), each exactly as getPrice prices it, answers in
 * the requests' order. All or none: the first refusal is the answer, with the request's place.
 */
export async function getPrices(
  ctx: PricingContext,
  requests: readonly BodyOf<'getPrice'>[],
): Promise<{ results: PriceResult[] }> {
  const results: PriceResult[] = [];
  for (const [n, request] of requests.entries()) {
    try {
      results.push(await getPrice(ctx, request));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      throw new HttpError(
        err.statusCode,
        [err.messages].flat().map((m) => `requests.${n}: ${m}`),
        err.options,
      );
    }
  }
  return { results };
}

/** Each line's discounted price per item, where a price has it (get-line-prices). */
const linePricesOf = (result: PriceResult): LinePrices => {
  const line = (item: { price: { discountedPerItem: number } }) => ({
    price: { discountedPerItem: item.price.discountedPerItem },
  });
  return {
    plans: result.plans.map((plan) => ({ items: plan.items.map(line) })),
    extras: { items: result.extras.items.map(line) },
  };
};

/**
 * Many orders priced at once, each exactly as getPrices prices it, answering only each line's
 * discounted price per item (order generation: the rest of each answer is bytes it never reads).
 */
export async function getLinePrices(
  ctx: PricingContext,
  requests: readonly BodyOf<'getPrice'>[],
): Promise<{ results: LinePrices[] }> {
  const { results } = await getPrices(ctx, requests);
  return { results: results.map(linePricesOf) };
}
