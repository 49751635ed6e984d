import { describe, expect, it } from 'vitest';
import { HttpError, ConfigError } from '@pawfresh/kit';
import type { Cart } from '@pawfresh/contracts/cart';
import type { Plan } from '@pawfresh/contracts/subscription';
import { cartProductLines, inflateCart, missingVariants } from '../src/rules/cart-lines.js';
import { feedingPlanRequest, mealsOfPlan } from '../src/rules/feeding-plan-request.js';
import { shownValue, toWorkflowRun } from '../src/rules/run-view.js';
import { cancelRefusalOf, resumePlanOf } from '../src/rules/run-actions.js';
import { failureOf, runErrorOf } from '../src/rules/workflow-failure.js';
import { readOrchestrationSettings } from '../src/settings.js';
import { workflowForTopic } from '../src/rules/fulfilment.js';
import { orderTopics } from '@pawfresh/contracts/order';
import { orchestrationOrderTopics } from '@pawfresh/contracts/orchestration-fulfilment';

const at = '2026-11-02T09:00:00.000Z';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, extra: Record<string, unknown> = {}) => ({
  id: id(n),
  cartId: id(1),
  subscriptionId: null,
  bundleId: null,
  productVariantId: id(100 + n),
  quantity: 1,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

describe('failureOf', () => {
  it('reads an HttpError as thrown and as stored and read back', () => {
    const err = new HttpError(404, 'Cart x not found', { type: 'not_found' });
    const stored = JSON.parse(JSON.stringify({ ...err, message: err.message, name: 'Error' }));
    for (const e of [err, stored]) {
      expect(failureOf(e)).toEqual({
        statusCode: 404,
        message: 'Cart x not found',
        type: 'not_found',
      });
    }
    expect(failureOf(new HttpError(400, ['a', 'b']))).toMatchObject({ message: ['a', 'b'] });
  });

  it('keeps anything else from the caller', () => {
    for (const e of [new Error('boom'), { statusCode: 200, message: 'x' }, 'text', null]) {
      expect(failureOf(e)).toBeUndefined();
    }
    expect(runErrorOf(new Error('boom'))).toEqual({ statusCode: 500, message: 'boom' });
    expect(runErrorOf(new HttpError(400, ['a', 'b']))).toEqual({
      statusCode: 400,
      message: 'a; b',
    });
  });
});

describe('cart lines', () => {
  const cart: Cart = {
    id: id(1),
    userId: id(2),
    createdAt: at,
    promotionCode: null,
    products: [line(1)],
    bundles: [
      { id: id(3), cartId: id(1), subscriptionId: null, createdAt: at, products: [line(2)] },
    ],
    subscriptions: [
      {
        id: id(4),
        cartId: id(1),
        createdAt: at,
        products: [line(3, { subscriptionId: id(4) })],
        bundles: [
          { id: id(5), cartId: id(1), subscriptionId: id(4), createdAt: at, products: [line(4)] },
        ],
        plans: [],
      },
    ],
  };

  it('finds every product wherever it sits, in the cart’s order', () => {
    expect(cartProductLines(cart).map((l) => l.id)).toEqual([id(1), id(2), id(3), id(4)]);
  });

  it('names variants the catalogue no longer has', () => {
    const known = [id(101), id(102), id(103)].map((v) => ({
      id: v,
      productId: id(9),
      sku: 'S',
      variantName: 'V',
      basePrice: 100,
    }));
    expect(missingVariants(cart.id, cartProductLines(cart), known).map((p) => p.message)).toEqual([
      `Cart ${id(1)} holds product variant ${id(104)}, which is not in the catalogue: remove it from the cart`,
    ]);
  });

  it('adds discounted products and plans into one total', () => {
    const lines = [line(1, { quantity: 3 })];
    const variants = [
      { id: id(101), productId: id(9), sku: 'S', variantName: 'V', basePrice: 250 },
    ];
    const price = {
      priceTotal: 750,
      discountTotal: 75,
      discountedPriceTotal: 675,
      pricePerItem: 250,
      discountPerItem: 25,
      discountedPerItem: 225,
      discountScheduleApplicationId: null,
      discountedQuantity: 3,
    };
    const inflated = inflateCart(
      { ...cart, products: lines, bundles: [], subscriptions: [] },
      lines,
      variants,
      {
        extras: {
          items: [
            {
              id: id(1),
              sku: 'S',
              quantity: 3,
              basePrice: 250,
              weightInGrams: null,
              discountId: null,
              productId: id(9),
              productVariantId: id(101),
              productType: null,
              price,
            },
          ],
          extraTotal: 750,
          extraDiscountTotal: 75,
          discountedExtraTotal: 675,
        },
      },
      [],
    );
    expect(inflated.products[0]).toMatchObject({
      unitPrice: 250,
      totalPrice: 750,
      discountedTotalPrice: 675,
    });
    expect(inflated.prices).toEqual({
      productsTotal: 675,
      plansTotal: 0,
      discountTotal: 0,
      total: 675,
    });
  });
});

describe('feeding plan request', () => {
  const plan: Plan = {
    id: id(7),
    name: 'Half bowl',
    slug: 'half-bowl',
    category: 'feeding_plan',
    percentOfCalories: 50,
    feedingPlanType: 'half_bowl',
  };
  const dog = {
    id: id(8),
    name: 'Biscuit',
    dailyEnergyKilocalories: 558,
    mealProductIds: [id(20)],
  };

  it("uses the meals asked for, or else the dog's", () => {
    expect(mealsOfPlan(undefined, dog)).toEqual([id(20)]);
    expect(mealsOfPlan([], dog)).toEqual([id(20)]);
    expect(mealsOfPlan([id(21)], dog)).toEqual([id(21)]);
  });

  it("asks for the plan type's share of the dog's energy, meals in equal shares", () => {
    expect(feedingPlanRequest(plan, dog, [id(20), id(21)], 2).request).toEqual({
      cadenceInWeeks: 2,
      dogs: [
        {
          animalId: id(8),
          energy: 558,
          planType: 'half_bowl',
          meals: [
            { productId: id(20), weight: 1 },
            { productId: id(21), weight: 1 },
          ],
        },
      ],
    });
  });

  it('says what is missing instead', () => {
    const { request, problems } = feedingPlanRequest(
      plan,
      { ...dog, dailyEnergyKilocalories: null },
      [],
      2,
    );
    expect(request).toBeUndefined();
    expect(problems.map((p) => p.code)).toEqual(['no_energy_need', 'no_meals']);
  });
});

describe('run view', () => {
  it('shows steps in order, failed ones with their error', () => {
    const view = toWorkflowRun(
      {
        workflowID: 'w',
        workflowName: 'get-inflated-cart',
        status: 'ERROR',
        createdAt: 0,
        error: new HttpError(502, 'down'),
      },
      [
        { functionID: 1, name: 'b', error: new HttpError(502, 'down'), childWorkflowID: null },
        {
          functionID: 0,
          name: 'a',
          error: null,
          childWorkflowID: null,
          startedAtEpochMs: 0,
          completedAtEpochMs: 5,
        },
      ],
    );
    expect(view.error).toEqual({ statusCode: 502, message: 'down' });
    expect(view.steps.map((s) => [s.stepId, s.name, s.status])).toEqual([
      [0, 'a', 'completed'],
      [1, 'b', 'failed'],
    ]);
    expect(view.steps[0]!.completedAt).toBe('1970-01-01T00:00:00.005Z');
    expect(view.steps.map((s) => s.durationMs)).toEqual([5, null]);
    expect(view.durationMs).toBeNull();
  });

  it('answers a long input or output by its start only', () => {
    expect(shownValue({ a: 1 })).toEqual({ a: 1 });
    expect(shownValue(undefined)).toBeNull();
    const long = shownValue({ pdf: 'x'.repeat(10_000) }) as { truncated: boolean; preview: string };
    expect(long.truncated).toBe(true);
    expect(long.preview).toHaveLength(4000);
    expect(long.preview.startsWith('{"pdf":"xxx')).toBe(true);
  });
});

describe('resuming and cancelling a run', () => {
  const run = (
    status: Parameters<typeof resumePlanOf>[0]['status'],
    workflowName = 'checkout',
    failedAt?: number,
  ) => ({
    workflowId: 'w',
    workflowName,
    status,
    steps: [0, 1, 2].map((stepId) => ({
      stepId,
      status: stepId === failedAt ? ('failed' as const) : ('completed' as const),
    })) as Parameters<typeof resumePlanOf>[0]['steps'],
  });

  it('resumes a cancelled run or one the engine gave up on from its last checkpoint', () => {
    expect(resumePlanOf(run('CANCELLED'))).toEqual({ how: 'resume' });
    expect(resumePlanOf(run('MAX_RECOVERY_ATTEMPTS_EXCEEDED'))).toEqual({ how: 'resume' });
  });

  it('runs a read-only run that failed again from its failed step, and refuses any other', () => {
    expect(resumePlanOf(run('ERROR', 'get-inflated-cart', 1))).toEqual({
      how: 'run-again-from',
      stepId: 1,
    });
    expect(resumePlanOf(run('ERROR', 'get-feeding-plan-pricing'))).toEqual({
      how: 'run-again-from',
      stepId: 3,
    });
    expect(resumePlanOf(run('ERROR', 'checkout', 1))).toMatchObject({ how: 'refused' });
    expect(resumePlanOf(run('SUCCESS'))).toEqual({
      how: 'refused',
      message: 'Run w (checkout) has succeeded: there is nothing to resume',
    });
    expect(resumePlanOf(run('PENDING'))).toMatchObject({ how: 'refused' });
    expect(resumePlanOf(run('ENQUEUED'))).toMatchObject({ how: 'refused' });
  });

  it('cancels only a run that has not ended', () => {
    expect(cancelRefusalOf(run('PENDING', 'generate-orders'))).toBeNull();
    expect(cancelRefusalOf(run('ENQUEUED', 'bulk-migrate'))).toBeNull();
    expect(cancelRefusalOf(run('MAX_RECOVERY_ATTEMPTS_EXCEEDED', 'migrate'))).toBeNull();
    expect(cancelRefusalOf(run('SUCCESS', 'generate-orders'))).toBe(
      'Run w (generate-orders) has succeeded: there is nothing to cancel',
    );
    expect(cancelRefusalOf(run('ERROR', 'migrate'))).toContain('has failed');
    expect(cancelRefusalOf(run('CANCELLED', 'migrate'))).toContain('is already cancelled');
  });

  it("never cancels one customer's import or revert while it runs or waits: its bulk run is cancelled instead", () => {
    for (const name of ['migrate', 'revert-migrate']) {
      for (const status of ['PENDING', 'ENQUEUED'] as const) {
        expect(cancelRefusalOf(run(status, name)), `${name} ${status}`).toBe(
          `Run w (${name}) is importing or reverting one customer: stopped midway it would leave them half-done, so it ends on its own (cancel its bulk run to give back the customers it has not started)`,
        );
      }
    }
    expect(cancelRefusalOf(run('PENDING', 'bulk-migrate'))).toBeNull();
  });

  it('never cancels a run that moves money, even one still going', () => {
    for (const name of [
      'checkout',
      'charge-due-orders',
      'bill-order',
      'charge-order',
      'bulk-manual-charge',
    ]) {
      for (const status of ['PENDING', 'ENQUEUED', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED'] as const) {
        expect(cancelRefusalOf(run(status, name)), `${name} ${status}`).toContain(
          `Run w (${name}) moves money: it is never cancelled`,
        );
      }
    }
  });
});

describe('settings', () => {
  it('allows a step delay for crash tests, and refuses it in production', () => {
    expect(readOrchestrationSettings('development', {})).toMatchObject({ stepDelayMs: 0 });
    expect(readOrchestrationSettings('test', { WORKFLOW_STEP_DELAY_MS: '1500' })).toMatchObject({
      stepDelayMs: 1500,
    });
    expect(() => readOrchestrationSettings('production', { WORKFLOW_STEP_DELAY_MS: '1' })).toThrow(
      ConfigError,
    );
    expect(() =>
      readOrchestrationSettings('development', { WORKFLOW_STEP_DELAY_MS: 'soon' }),
    ).toThrow('WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds');
  });

  it('runs the schedules by default in production only; WORKFLOW_SCHEDULES decides elsewhere', () => {
    expect(readOrchestrationSettings('production', {}).schedulesOn).toBe(true);
    expect(readOrchestrationSettings('development', {}).schedulesOn).toBe(false);
    expect(readOrchestrationSettings('test', {}).schedulesOn).toBe(false);
    const on = { WORKFLOW_SCHEDULES: 'on' };
    expect(readOrchestrationSettings('development', on).schedulesOn).toBe(true);
    const off = { WORKFLOW_SCHEDULES: 'off' };
    expect(readOrchestrationSettings('production', off).schedulesOn).toBe(false);
    expect(() => readOrchestrationSettings('development', { WORKFLOW_SCHEDULES: 'yes' })).toThrow(
      'WORKFLOW_SCHEDULES must be on or off',
    );
  });
});

describe('order topics', () => {
  it('follows exactly the topics the order service relays to it by default', () => {
    const order = { order: { metadata: { isCancelled: false } } };
    const followed = orderTopics.filter((topic) => workflowForTopic(topic, order) !== null);
    expect(followed).toEqual([...orchestrationOrderTopics]);
    expect(workflowForTopic('order_updated', { order: { metadata: { isCancelled: true } } })).toBe(
      'delete-fulfilment',
    );
  });

  it("bills at the card provider's rate limit: 25 a second unless PAYMENT_RATE_LIMIT_PER_SECOND says", () => {
    expect(readOrchestrationSettings('production', {}).paymentRateLimitPerSecond).toBe(25);
    expect(
      readOrchestrationSettings('production', { PAYMENT_RATE_LIMIT_PER_SECOND: '100' })
        .paymentRateLimitPerSecond,
    ).toBe(100);
    for (const bad of ['0', '12.5', 'fast', '10001']) {
      expect(() =>
        readOrchestrationSettings('production', { PAYMENT_RATE_LIMIT_PER_SECOND: bad }),
      ).toThrow('PAYMENT_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000');
    }
  });
});
