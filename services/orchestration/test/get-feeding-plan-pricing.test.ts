import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeedingPlanPricing, WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { GeneratedFeedingPlan } from '@pawfresh/contracts/subscription';
import { caller, callJson, messagesOf } from '@pawfresh/testing';
import { createDog, harness, mealOf, type Harness } from './harness.js';

let h: Harness;
const call = caller(() => h.app);
const userId = randomUUID();
const plans = () => h.plans;

beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());
afterEach(() => h.allUp());

const price = (body: Record<string, unknown>) =>
  call('POST', '/workflows/get-feeding-plan-pricing', body);

/** What the subscription service makes of the same dog, meals and plan type. */
async function generated(body: Record<string, unknown>): Promise<GeneratedFeedingPlan> {
  const res = await callJson(h.services.subscription!, 'POST', '/plans/generate', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans[0]!;
}

describe('POST /workflows/get-feeding-plan-pricing', () => {
  it("sizes and prices a dog's half bowl from its energy need and chosen meals", async () => {
    const turkey = mealOf(h, 'turkey').id;
    const kangaroo = mealOf(h, 'kangaroo').id;
    const dog = await createDog(h, userId, {}, [turkey, kangaroo]);
    const res = await price({ animalId: dog.identifier, planId: 'half-bowl' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FeedingPlanPricing>();
    expect(body.animalId).toBe(dog.identifier);
    expect(body.plan).toEqual(plans().find((p) => p.slug === 'half-bowl'));
    expect(body.feedingPlan).toEqual(
      await generated({
        cadenceInWeeks: 2,
        dogs: [
          {
            animalId: dog.identifier,
            energy: 558,
            planType: 'half_bowl',
            meals: [
              { productId: turkey, weight: 1 },
              { productId: kangaroo, weight: 1 },
            ],
          },
        ],
      }),
    );
    expect(body.feedingPlan.totalPrice).toBeGreaterThan(0);
    expect(body.workflowId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the meals and cadence sent instead of the dog’s, and the plan by id', async () => {
    const dog = await createDog(h, userId, {}, [mealOf(h, 'turkey').id]);
    const lamb = mealOf(h, 'lamb').id;
    const fullBowl = plans().find((p) => p.slug === 'full-bowl')!;
    const res = await price({
      animalId: dog.identifier,
      planId: fullBowl.id,
      productIds: [lamb],
      cadenceInWeeks: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FeedingPlanPricing>();
    expect(body.feedingPlan.skus.map((s) => s.productId)).toEqual([lamb]);
    expect(body.feedingPlan).toEqual(
      await generated({
        cadenceInWeeks: 4,
        dogs: [
          {
            animalId: dog.identifier,
            energy: 558,
            planType: 'full_bowl',
            meals: [{ productId: lamb, weight: 1 }],
          },
        ],
      }),
    );
  });

  it('runs once for one workflowId: the second call answers the first result', async () => {
    const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
    const workflowId = `plan-${randomUUID()}`;
    const first = await price({ animalId: dog.identifier, planId: 'full-bowl', workflowId });
    expect(first.statusCode, first.body).toBe(200);
    const callsAfterFirst = { ...h.calls };
    const again = await price({ animalId: dog.identifier, planId: 'half-bowl', workflowId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json<FeedingPlanPricing>().workflowId).toBe(workflowId);
    expect(h.calls).toEqual(callsAfterFirst);

    const run = await call('GET', `/workflows/runs/${workflowId}`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json<WorkflowRun>()).toMatchObject({
      workflowId,
      workflowName: 'get-feeding-plan-pricing',
      status: 'SUCCESS',
      error: null,
      steps: [
        { stepId: 0, name: 'read-plan', status: 'completed', error: null },
        { stepId: 1, name: 'read-dog', status: 'completed', error: null },
        { stepId: 2, name: 'size-and-price', status: 'completed', error: null },
      ],
    });
  });

  it('answers an unknown dog or plan with 404, in our words', async () => {
    const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
    const noDog = randomUUID();
    const res = await price({ animalId: noDog, planId: 'full-bowl' });
    expect(res.statusCode, res.body).toBe(404);
    expect(messagesOf(res)).toEqual([`Dog ${noDog} not found`]);
    const noPlan = await price({ animalId: dog.identifier, planId: 'no-such-plan' });
    expect(noPlan.statusCode, noPlan.body).toBe(404);
    expect(messagesOf(noPlan)).toEqual(['Plan no-such-plan not found']);
  });

  it('says what is missing when the dog has no weight or no meals', async () => {
    const noWeight = await createDog(h, userId, { name: 'Pip', weight: undefined }, []);
    const res = await price({ animalId: noWeight.identifier, planId: 'full-bowl' });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)).toEqual([
      "Pip has no daily energy need yet: add the dog's weight first",
      "Choose at least 1 meal for Pip: send productIds or choose the dog's meals first",
    ]);
  });

  it('passes on why the subscription service cannot make the plan', async () => {
    const dog = await createDog(h, userId, {}, []);
    const notAMeal = randomUUID();
    const res = await price({
      animalId: dog.identifier,
      planId: 'full-bowl',
      productIds: [notAMeal],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/^The feeding plan cannot be made: /);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const res = await price({ animalId: 'dog', planId: 'Full Bowl!', workflowId: 'no spaces' });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([
        'animalId must be a valid UUID',
        'planId must be a valid UUID or a valid plan slug',
        'workflowId must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
      ]),
    );
  });

  it('prices the first box under a promotion code as checkout would, and says why a code does not work', async () => {
    const pricing = h.services.pricing!;
    const staff = 'staff@pawfresh.com.au';
    const category = await callJson(pricing, 'POST', '/discounts/categories', {
      name: `Trial ${randomUUID().slice(0, 6)}`,
      createdBy: staff,
    });
    const discount = await callJson(pricing, 'POST', '/discounts', {
      categoryId: category.json<{ id: string }>().id,
      name: 'Half off the first box',
      interval: 'once-off',
      createdBy: staff,
      schedules: [
        {
          orderPosition: 0,
          recurring: false,
          applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
        },
      ],
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const promotion = async (over: Record<string, unknown> = {}) => {
      const res = await callJson(pricing, 'POST', '/promotions', {
        type: 'coupon',
        value: `HALF${randomUUID().slice(0, 6)}`,
        discountId: discount.json<{ id: string }>().id,
        createdBy: staff,
        ...over,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ value: string }>().value;
    };
    const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
    const code = await promotion();

    const plain = await price({ animalId: dog.identifier, planId: 'full-bowl' });
    expect(plain.json<FeedingPlanPricing>().promotion).toBeNull();
    const res = await price({ animalId: dog.identifier, planId: 'full-bowl', promotionCode: code });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FeedingPlanPricing>();
    expect(body.feedingPlan).toEqual(plain.json<FeedingPlanPricing>().feedingPlan);
    const total = body.feedingPlan.totalPrice;
    expect(body.promotion).toEqual({
      code,
      totalPrice: total,
      discountTotal: expect.any(Number),
      discountedTotalPrice: total - body.promotion!.discountTotal,
      discountedPricePerPouch: Math.round(
        (total - body.promotion!.discountTotal) / body.feedingPlan.totalPouches,
      ),
    });
    // Half off, each unit rounded in the customer's favour.
    expect(body.promotion!.discountedTotalPrice).toBeLessThanOrEqual(Math.ceil(total / 2));
    expect(body.promotion!.discountedTotalPrice).toBeGreaterThanOrEqual(
      Math.floor(total / 2) - body.feedingPlan.totalPouches,
    );

    const unknown = await price({
      animalId: dog.identifier,
      planId: 'full-bowl',
      promotionCode: 'NOSUCHCODE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)).toEqual(['Promotion code NOSUCHCODE not found']);
    const off = await promotion({ disable: true });
    const disabled = await price({
      animalId: dog.identifier,
      planId: 'full-bowl',
      promotionCode: off,
    });
    expect(disabled.statusCode).toBe(400);
    expect(messagesOf(disabled)).toEqual([`Promotion code ${off} is disabled`]);
    const bad = await price({
      animalId: dog.identifier,
      planId: 'full-bowl',
      promotionCode: 'no spaces!',
    });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual([
      'promotionCode must contain only letters, digits, hyphens and underscores',
    ]);
  }, 180_000);

  it('answers 502 when a service is down, and the run shows the step that failed', async () => {
    const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
    h.down.dogs = true;
    const workflowId = `down-${randomUUID()}`;
    const res = await price({ animalId: dog.identifier, planId: 'full-bowl', workflowId });
    expect(res.statusCode, res.body).toBe(502);
    expect(messagesOf(res)).toEqual([
      'Reading the dog is not possible just now; try again in a minute',
    ]);
    const run = (await call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    expect(run.status).toBe('ERROR');
    expect(run.error).toEqual({
      statusCode: 502,
      message: 'Reading the dog is not possible just now; try again in a minute',
    });
    expect(run.steps.map((s) => [s.name, s.status])).toEqual([
      ['read-plan', 'completed'],
      ['read-dog', 'failed'],
    ]);
    // The id's answer is its first one, also once the dogs service is back.
    h.down.dogs = false;
    const again = await price({ animalId: dog.identifier, planId: 'full-bowl', workflowId });
    expect(again.statusCode).toBe(502);
  });
});
