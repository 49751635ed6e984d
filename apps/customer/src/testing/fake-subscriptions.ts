import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { AccountResponse, CustomerSubscription } from '@pawfresh/contracts/account';

import { error, type FakeApi } from './fake-api';
import * as fixtures from './fixtures';

/**
 * The subscription routes of the fake customer API (customer-app.md §7 "Subscriptions", and our
 * pause, resume and reactivate), kept apart from fake-api.ts: `withSubscriptions(api)` adds them,
 * with their own state (one subscription for Biscuit on a full bowl of 300 g a day).
 */

export const SUBSCRIPTION_ID = '5b000000-0000-4000-8000-000000000001';
export const FEEDING_PLAN_ID = '5b000000-0000-4000-8000-000000000002';
const CHICKEN_VARIANT = fixtures.products.meals[0]!.variants[0]!.id;

type FeedingPlan = CustomerSubscription['feedingPlans'][number];
type PlanSide = AccountResponse<'reviewUpdateSubscriptionServingSize'>['before'];

export function makeFeedingPlan(overrides: Partial<FeedingPlan> = {}): FeedingPlan {
  return {
    id: FEEDING_PLAN_ID,
    version: 1,
    status: 'active',
    isEligible: true,
    startOrderIndex: 0,
    type: 'full_bowl',
    animalId: fixtures.biscuit.identifier,
    servingSize: 'f0300',
    currentDailyServingSizeInGrams: 300,
    currentPouchSizeInGrams: 150,
    pouchesPerDay: 2,
    totalPouches: 28,
    totalPrice: 9800,
    dailyPrice: 700,
    skus: [
      {
        productId: fixtures.products.meals[0]!.id,
        productVariantId: CHICKEN_VARIANT,
        sku: 'M-CHK-150',
        ratio: 1,
        pouches: 28,
        price: 350,
      },
    ],
    pausedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as FeedingPlan;
}

export function makeSubscription(overrides: Partial<CustomerSubscription> = {}) {
  return {
    id: SUBSCRIPTION_ID,
    status: 'active',
    version: 3,
    cadenceInWeeks: 2,
    preferredDeliverySlotId: 'PM',
    feedingPlanTotalPrice: 9800,
    feedingPlanTotalPouches: 28,
    feedingPlans: [makeFeedingPlan()],
    extras: [],
    cancelledAt: null,
    resumeAt: null,
    ...overrides,
  } as CustomerSubscription;
}

/** A plan's figures at a daily serving size, priced at 2.33 cents a gram (cadence 2 weeks). */
export function side(grams: number, type: FeedingPlan['type'] = 'full_bowl'): PlanSide {
  const pouch = grams <= 300 ? 150 : 200;
  const pouchesPerBox = Math.round((grams * 14) / pouch);
  const pricePerDay = Math.round(grams * 2.33);
  const figures = {
    feedingPlanId: FEEDING_PLAN_ID,
    animalId: fixtures.biscuit.identifier,
    type,
    servingSize: `f${String(grams).padStart(4, '0')}`,
    dailyGrams: grams,
    pouchSizeInGrams: pouch,
    pouchesPerBox,
    pricePerBox: pricePerDay * 14,
    pricePerDay,
    skus: [{ productVariantId: CHICKEN_VARIANT, ratio: 1, pouches: pouchesPerBox }],
  } as PlanSide['feedingPlans'][number];
  return { feedingPlans: [figures], pouchesPerBox, pricePerBox: pricePerDay * 14, pricePerDay };
}

const gramsOf = (servingSize: string | number) =>
  typeof servingSize === 'number' ? servingSize : Number(servingSize.slice(1));

export const CANCEL_REASONS: AccountResponse<'getCancelReasons'> = [
  {
    id: '5c000000-0000-4000-8000-000000000001',
    description: 'It costs too much',
    displayOrder: 1,
    childReasons: [
      {
        id: '5c000000-0000-4000-8000-000000000011',
        description: 'Money is tight',
        displayOrder: 1,
      },
      {
        id: '5c000000-0000-4000-8000-000000000012',
        description: 'Found a cheaper food',
        displayOrder: 2,
      },
    ],
  },
  {
    id: '5c000000-0000-4000-8000-000000000002',
    description: 'My dog didn’t like the food',
    displayOrder: 2,
    childReasons: [],
  },
];

export function withSubscriptions(api: FakeApi, subscription = makeSubscription()) {
  const state = { subscription, reviewed: 0 };
  const own = (id: string | undefined) => id === state.subscription.id;
  const orders = () => ({
    updatedOrderIds: api.state.orders.futureOrders.slice(1).map((o) => o.id),
    leftOrders: api.state.orders.futureOrders.slice(0, 1).map((o) => ({
      orderId: o.id,
      deliveryDate: o.deliveryDate,
      reason: 'past_cutoff' as const,
      message: 'Changes to this box closed at its cut-off',
    })),
  });
  const bump = (changes: Partial<CustomerSubscription>) => {
    state.subscription = {
      ...state.subscription,
      ...changes,
      version: state.subscription.version + 1,
    };
  };
  const stale = (version: number | undefined) =>
    version !== undefined && version !== state.subscription.version
      ? error(
          409,
          `Subscription ${state.subscription.id} has changed since version ${version} (it is at version ${state.subscription.version}): read it again and retry`,
        )
      : null;

  api.on('GET /subscriptions', () => ({ body: { subscriptions: [state.subscription] } }));
  api.on('GET /cancel-reasons', () => ({ body: CANCEL_REASONS }));
  api.on('POST /review-update-subscription-serving-size', (request) => {
    const body = request.body as { subscriptionId: string; servingSize: string | number };
    if (!own(body.subscriptionId)) return error(404, 'Subscription not found');
    state.reviewed += 1;
    const plan = state.subscription.feedingPlans[0]!;
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before: side(plan.currentDailyServingSizeInGrams, plan.type),
        after: side(gramsOf(body.servingSize), plan.type),
        orders: orders(),
      },
    };
  });
  api.on('POST /subscriptions/update-serving-size', (request) => {
    const body = request.body as { servingSize: string | number; version?: number };
    const refused = stale(body.version);
    if (refused) return refused;
    const plan = state.subscription.feedingPlans[0]!;
    const grams = gramsOf(body.servingSize);
    const before = side(plan.currentDailyServingSizeInGrams, plan.type);
    bump({
      feedingPlans: [
        makeFeedingPlan({
          ...plan,
          servingSize: `f${String(grams).padStart(4, '0')}` as FeedingPlan['servingSize'],
          currentDailyServingSizeInGrams: grams,
        }),
      ],
    });
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before,
        after: side(grams, plan.type),
        orders: orders(),
      },
    };
  });
  api.on('POST /review-update-subscription-feeding-plan-type', (request) => {
    const body = request.body as { feedingPlanType: FeedingPlan['type'] };
    const plan = state.subscription.feedingPlans[0]!;
    const grams = plan.currentDailyServingSizeInGrams;
    const half = body.feedingPlanType === 'half_bowl';
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before: side(grams, plan.type),
        after: side(half ? Math.round(grams / 2) : grams, body.feedingPlanType),
        orders: orders(),
      },
    };
  });
  api.on('POST /subscriptions/update-subscription-feeding-plan-type', (request) => {
    const body = request.body as { feedingPlanType: FeedingPlan['type']; version?: number };
    const refused = stale(body.version);
    if (refused) return refused;
    const plan = state.subscription.feedingPlans[0]!;
    const before = side(plan.currentDailyServingSizeInGrams, plan.type);
    bump({ feedingPlans: [makeFeedingPlan({ ...plan, type: body.feedingPlanType })] });
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before,
        after: side(plan.currentDailyServingSizeInGrams, body.feedingPlanType),
        orders: orders(),
      },
    };
  });
  api.on('POST /subscriptions/:subscriptionId/:feedingPlanId/update-recipes', (request) => {
    if (!own(request.params.subscriptionId)) return error(404, 'Subscription not found');
    const body = request.body as { skus: { productVariantId: string; ratio: number }[] };
    const plan = state.subscription.feedingPlans[0]!;
    const skus = body.skus.map((s) => {
      const product = fixtures.products.meals.find((m) =>
        m.variants.some((v) => v.id === s.productVariantId),
      )!;
      return {
        ...plan.skus[0]!,
        productId: product.id,
        productVariantId: s.productVariantId,
        ratio: s.ratio,
      };
    });
    bump({ feedingPlans: [makeFeedingPlan({ ...plan, skus })] });
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before: null,
        after: null,
        orders: orders(),
      },
    };
  });
  api.on('POST /subscriptions/:subscriptionId/cancel', (request) => {
    if (!own(request.params.subscriptionId)) return error(404, 'Subscription not found');
    if (state.subscription.status === 'cancelled') return error(409, 'Already cancelled');
    bump({ status: 'cancelled', cancelledAt: '2026-11-26T01:00:00.000Z', resumeAt: null });
    const next = api.state.orders.futureOrders[0]!;
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before: null,
        after: null,
        orders: { updatedOrderIds: [], leftOrders: [] },
        deletedOrderIds: api.state.orders.futureOrders.slice(1).map((o) => o.id),
        arrivingOrders: [
          {
            orderId: next.id,
            deliveryDate: next.deliveryDate,
            message: `Your box of ${formatDay(next.deliveryDate, { long: true })} still arrives: it is already paid for`,
          },
        ],
      },
    };
  });
  const statusAnswer = (changes: Partial<AccountResponse<'pauseSubscription'>> = {}) => ({
    body: {
      subscription: state.subscription,
      deletedOrderIds: [],
      arrivingOrders: [],
      nextOrder: null,
      ordersCreated: 0,
      ...changes,
    },
  });
  api.on('POST /subscriptions/:subscriptionId/pause', (request) => {
    if (!own(request.params.subscriptionId)) return error(404, 'Subscription not found');
    const body = request.body as { resumeAt: string };
    bump({ status: 'paused', resumeAt: body.resumeAt });
    return statusAnswer({
      deletedOrderIds: [api.state.orders.futureOrders[1]!.id],
      nextOrder: { orderId: api.state.orders.futureOrders[0]!.id, deliveryDate: body.resumeAt },
    });
  });
  api.on('POST /subscriptions/:subscriptionId/resume', (request) => {
    if (!own(request.params.subscriptionId)) return error(404, 'Subscription not found');
    if (state.subscription.status !== 'paused') return error(409, 'Only a paused plan');
    bump({ status: 'active', resumeAt: null });
    return statusAnswer({ ordersCreated: 5 });
  });
  api.on('POST /subscriptions/:subscriptionId/reactivate', (request) => {
    if (!own(request.params.subscriptionId)) return error(404, 'Subscription not found');
    if (state.subscription.status !== 'cancelled') return error(409, 'Only a cancelled plan');
    bump({ status: 'active', cancelledAt: null });
    return statusAnswer({ ordersCreated: 6 });
  });
  withPlanStarts(api, state, orders);
  return state;
}

/**
 * Starting a plan for a dog without one: the meal recommendations (the second meal recommended),
 * the plan preview (300 g a day full bowl, 150 g half) and POST /dogs/{id}/start-plan.
 */
function withPlanStarts(
  api: FakeApi,
  state: { subscription: CustomerSubscription },
  orders: () => AccountResponse<'startPlan'>['orders'],
) {
  const grams = (type: string) => (type === 'half_bowl' ? 150 : 300);
  api.on('GET /meal-recommendations/:animalId', (request) => {
    if (!api.state.dogs.some((d) => d.identifier === request.params.animalId)) {
      return error(404, 'Dog not found');
    }
    return {
      body: fixtures.products.meals.map((meal, index) => ({
        id: meal.id,
        productCode: meal.variants[0]!.sku,
        name: meal.name,
        type: 'meal' as const,
        status: 'active' as const,
        isVisible: true,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        images: [],
        metadata: [],
        variants: [],
        recommendation: {
          recommendationType: index === 1 ? ('recommended' as const) : ('neutral' as const),
          allergens: [],
          illnesses: [],
        },
      })),
    };
  });
  api.on('POST /plans/generate', (request) => {
    const body = request.body as {
      dogs: { animalId: string; planType?: FeedingPlan['type']; meals: { productId: string }[] }[];
    };
    return {
      body: {
        feedingPlans: body.dogs.map((dog) => {
          const figures = side(grams(dog.planType ?? 'full_bowl'), dog.planType).feedingPlans[0]!;
          return {
            animalId: dog.animalId,
            type: dog.planType ?? 'full_bowl',
            planId: FEEDING_PLAN_ID,
            percentOfCalories: dog.planType === 'half_bowl' ? 50 : 100,
            dailyEnergyKilocalories: 700,
            servingSize: figures.servingSize,
            currentDailyServingSizeInGrams: figures.dailyGrams,
            currentPouchSizeInGrams: figures.pouchSizeInGrams,
            pouchesPerDay: figures.dailyGrams / figures.pouchSizeInGrams,
            totalPouches: figures.pouchesPerBox,
            totalPrice: figures.pricePerDay * 14,
            dailyPrice: figures.pricePerDay,
            pricePerPouch: null,
            skus: dog.meals.map((meal) => ({
              productId: meal.productId,
              productVariantId: CHICKEN_VARIANT,
              sku: 'M-CHK-150',
              ratio: 1 / dog.meals.length,
              pouches: figures.pouchesPerBox,
              price: 350,
            })),
          };
        }),
      },
    };
  });
  api.on('POST /dogs/:id/start-plan', (request) => {
    const body = request.body as { feedingPlanType?: FeedingPlan['type']; productIds: string[] };
    const animalId = request.params.id!;
    if (!api.state.dogs.some((d) => d.identifier === animalId)) return error(404, 'Dog not found');
    if (state.subscription.feedingPlans.some((p) => p.animalId === animalId)) {
      return error(409, `Dog ${animalId} already has a feeding plan on this subscription`);
    }
    const type = body.feedingPlanType ?? 'full_bowl';
    const before = side(300);
    const plan = makeFeedingPlan({
      id: '5b000000-0000-4000-8000-000000000099',
      animalId,
      type,
      currentDailyServingSizeInGrams: grams(type),
    });
    const after = side(grams(type), type);
    after.feedingPlans = [{ ...after.feedingPlans[0]!, animalId, feedingPlanId: plan.id }];
    state.subscription = {
      ...state.subscription,
      feedingPlans: [...state.subscription.feedingPlans, plan],
      version: state.subscription.version + 1,
    };
    return {
      body: {
        subscriptionId: state.subscription.id,
        version: state.subscription.version,
        before: { ...before, feedingPlans: [] },
        after,
        orders: orders(),
      },
    };
  });
}

/** POST /payment-methods on the fake: the sandbox's test cards are saved, others refused (400). */
export function withCardSaving(api: FakeApi) {
  api.on('POST /payment-methods', (request) => {
    const body = request.body as {
      card: { number: string; expMonth: number; expYear: number };
      default: boolean;
    };
    const brand = body.card.number.startsWith('4')
      ? 'visa'
      : body.card.number.startsWith('5')
        ? 'mastercard'
        : null;
    if (!brand) return error(400, 'The sandbox only accepts its test cards');
    const card = {
      id: `ca000000-0000-4000-8000-${String(api.state.cards.length + 10).padStart(12, '0')}`,
      brand,
      expiryMonth: body.card.expMonth,
      expiryYear: body.card.expYear,
      last4Digits: body.card.number.slice(-4),
      default: body.default,
    };
    api.state.cards = [
      ...api.state.cards.map((c) => (body.default ? { ...c, default: false } : c)),
      card,
    ];
    return { status: 201, body: card };
  });
}
