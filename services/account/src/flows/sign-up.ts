import { randomUUID } from 'node:crypto';
import { badRequest, conflict, HttpError, isRefused, notFound } from '@pawfresh/kit';
import type {
  SignUpDeliveryDates,
  SignUpDog,
  SignUpPlans,
  SignUpPostcode,
} from '@pawfresh/contracts/account-sign-up';
import type { Session } from '@pawfresh/contracts/identity';
import type { FeedingPlanType, Plan } from '@pawfresh/contracts/subscription';
import {
  deliveryDays,
  planTotals,
  postcodeCoverage,
  SIGN_UP_CADENCE_IN_WEEKS,
} from '../rules/sign-up.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf, QueryOf } from './context.js';

/** Whether we deliver to a postcode, suburb by suburb (an unknown postcode: 404). */
export async function postcodeServiceability(
  ctx: AccountContext,
  postcode: string,
): Promise<SignUpPostcode> {
  const zones = await relay(
    ctx.courier.getPostcodeShippingZone({ params: { postcode } }).catch((err: unknown) => {
      if (isRefused(err, 404)) throw notFound(`We do not know postcode ${postcode}: check it`);
      throw err;
    }),
    [400],
  );
  return postcodeCoverage(postcode, zones);
}

export const signUpDogMetadata = (ctx: AccountContext) => ctx.dogs.getMetadata({});

/** The visitor's dogs, kept by the dogs service under a new guest id (no account yet). */
export async function createSignUpDogs(
  ctx: AccountContext,
  body: BodyOf<'createSignUpDogs'>,
): Promise<{ guestId: string; dogs: SignUpDog[] }> {
  const guestId = randomUUID();
  const dogs = [];
  // One at a time: the dogs service answers them oldest first in this order.
  for (const dog of body.dogs) {
    dogs.push(await relay(ctx.dogs.createDog({ body: { userId: guestId, dog } }), [400]));
  }
  return {
    guestId,
    dogs: dogs.map((d) => ({
      identifier: d.identifier,
      name: d.name,
      dailyEnergyKilocalories: d.dailyEnergyKilocalories,
      foodAllergies: d.foodAllergies,
      healthIssues: d.healthIssues,
    })),
  };
}

/**
 * The guest's dogs, refusing a guest id that is already a customer's (their dogs are theirs to
 * see signed in) and animal ids that are not the guest's.
 */
async function guestDogs(ctx: AccountContext, guestId: string, animalIds: readonly string[]) {
  const customer = await ctx.identity
    .getUser({ params: { userId: guestId } })
    .then(() => true)
    .catch((err: unknown) => (isRefused(err, 404) ? false : Promise.reject(err)));
  if (customer) throw conflict('This sign-up is finished: sign in to see your dogs');
  const dogs = await ctx.dogs.listDogs({ query: { userId: guestId } });
  const mine = new Set(dogs.map((d) => d.identifier));
  const stranger = animalIds.find((id) => !mine.has(id));
  if (stranger !== undefined || dogs.length === 0) {
    throw notFound('We cannot find the dogs you described: start again from your dogs');
  }
  return dogs;
}

/** The recipes chosen, or the ones recommended for the dog's allergies and health issues. */
async function recipesOf(
  ctx: AccountContext,
  guestId: string,
  choice: { animalId: string; planType: FeedingPlanType; productIds?: string[] | undefined },
): Promise<string[]> {
  if (choice.productIds) return choice.productIds;
  const recommended = await relay(
    ctx.subscription.generateRecommendations({
      body: {
        animalId: choice.animalId,
        userId: guestId,
        cadenceInWeeks: SIGN_UP_CADENCE_IN_WEEKS,
        planTypes: [choice.planType],
      },
    }),
    [400, 404],
  );
  const skus = recommended.recommendations[0]?.feedingPlan.skus ?? [];
  return [...new Set(skus.map((s) => s.productId))];
}

async function planOfType(ctx: AccountContext): Promise<(type: FeedingPlanType) => Plan> {
  const plans = await ctx.subscription.listPlans({});
  return (type) => {
    const plan = plans.find((p) => p.feedingPlanType === type && p.category === 'feeding_plan');
    if (!plan)
      throw badRequest(`planType ${type} is not offered on sign-up: choose full or half bowl`);
    return plan;
  };
}

/**
 * Each dog's plan: the recipes asked for, or the ones recommended for its allergies and health
 * issues (the subscription service's recommendation rule), sized by its energy need and priced by
 * get-feeding-plan-pricing, the first box under the promotion code when one is sent.
 */
export async function priceSignUpPlans(
  ctx: AccountContext,
  body: BodyOf<'priceSignUpPlans'>,
): Promise<SignUpPlans> {
  const [, planOf] = await Promise.all([
    guestDogs(
      ctx,
      body.guestId,
      body.plans.map((p) => p.animalId),
    ),
    planOfType(ctx),
  ]);
  const priced = await Promise.all(
    body.plans.map(async (choice) => {
      const plan = planOf(choice.planType);
      const productIds = await recipesOf(ctx, body.guestId, choice);
      const result = await relay(
        ctx.orchestration.getFeedingPlanPricing({
          body: {
            animalId: choice.animalId,
            planId: plan.id,
            productIds,
            cadenceInWeeks: SIGN_UP_CADENCE_IN_WEEKS,
            ...(body.promotionCode ? { promotionCode: body.promotionCode } : {}),
          },
        }),
        [400, 404],
      );
      return {
        animalId: choice.animalId,
        plan,
        feedingPlan: result.feedingPlan,
        productIds,
        promotion: result.promotion,
      };
    }),
  );
  return {
    cadenceInWeeks: SIGN_UP_CADENCE_IN_WEEKS,
    plans: priced.map(({ promotion: _p, ...plan }) => plan),
    ...planTotals(priced, body.promotionCode ?? null),
  };
}

/** The first delivery dates a suburb can have: the order service's, each with its cut-off. */
export async function signUpDeliveryDates(
  ctx: AccountContext,
  query: QueryOf<'getSignUpDeliveryDates'>,
): Promise<SignUpDeliveryDates> {
  const { timezone, options } = await relay(
    ctx.order.getFirstDeliveryOptions({
      query: { postcode: query.postCode, suburb: query.suburb },
    }),
    [400, 404],
  );
  return { timezone, days: deliveryDays(options) };
}

/**
 * The sign-up: the guest's cart (a subscription with each dog's plan and recipes, the promotion
 * code), the card saved and a payment intent for the cart's total, then the checkout workflow
 * (the account, subscription and orders, the first box charged), then a session as login makes.
 * The total must be what the visitor was shown: a price that moved is a 409 before any money.
 */
export async function signUp(
  ctx: AccountContext,
  body: BodyOf<'signUp'>,
  clientIp: string,
): Promise<{ session: Session; amountCharged: number; firstDeliveryDate: string }> {
  const guestId = body.guestId;
  const [, planOf] = await Promise.all([
    guestDogs(
      ctx,
      guestId,
      body.plans.map((p) => p.animalId),
    ),
    planOfType(ctx),
  ]);
  const { isTaken } = await ctx.identity.checkEmail({ query: { email: body.address.email } });
  if (isTaken) {
    throw conflict(`An account with ${body.address.email} already exists: sign in instead`);
  }

  const cart = await ctx.cart.createCart({ body: { userId: guestId } });
  const subscription = await ctx.cart.addCartSubscription({
    params: { cartId: cart.id },
    body: {},
  });
  for (const choice of body.plans) {
    const cartPlan = await relay(
      ctx.cart.addSubscriptionPlan({
        params: { subscriptionId: subscription.id },
        body: { planId: planOf(choice.planType).id, animalId: choice.animalId },
      }),
      [400],
    );
    const productIds = await recipesOf(ctx, guestId, choice);
    for (const productId of productIds) {
      await relay(
        ctx.cart.addPlanProduct({ params: { planId: cartPlan.id }, body: { productId } }),
        [400],
      );
    }
  }
  if (body.promotionCode) {
    await relay(
      ctx.cart.setCartPromotionCode({
        params: { cartId: cart.id },
        body: { promotionCode: body.promotionCode },
      }),
      [400, 404, 409],
    );
  }
  const inflated = await relay(
    ctx.orchestration.getInflatedCart({ body: { cartId: cart.id } }),
    [400, 404, 409],
  );
  const total = inflated.prices.total;
  if (body.expectedTotal !== total) {
    throw conflict(
      `The first box now costs $${(total / 100).toFixed(2)}, not the $${(body.expectedTotal / 100).toFixed(2)} shown: check your plan and pay again`,
    );
  }

  await relay(
    ctx.payment.createPaymentMethod({ body: { userId: guestId, card: body.card } }),
    [400, 402],
  );
  const intent = await relay(
    ctx.payment.createPaymentIntent({
      body: {
        userId: guestId,
        amount: total,
        captureMethod: 'manual',
        description: 'First box',
        reference: { referenceId: cart.id, referenceType: 'order' },
        createdBy: 'customer-app',
      },
    }),
    [400, 402],
  );
  const result = await relay(
    ctx.orchestration.checkout({
      body: {
        cartId: cart.id,
        paymentIntentId: intent.id,
        expectedDeliverySlotId: body.deliverySlot,
        deliveryDate: body.deliveryDate,
        userAddress: body.address,
        userPassword: body.password,
        workflowId: `sign-up-${cart.id}`,
      },
    }),
    [400, 402, 409],
  );

  const session = await relay(
    ctx.identity.createSession({
      body: { email: body.address.email, password: body.password, clientIp },
    }),
    [429],
  ).catch((err: unknown) => {
    // The customer exists and paid: a failed sign-in only means signing in by hand.
    if (err instanceof HttpError) throw err;
    throw new HttpError(
      502,
      'Your first box is ordered, but we could not sign you in: sign in with your e-mail and password',
      { type: 'upstream' },
    );
  });
  return {
    session,
    amountCharged: result.amountCharged,
    firstDeliveryDate: result.orders[0]?.deliveryDate ?? body.deliveryDate,
  };
}
