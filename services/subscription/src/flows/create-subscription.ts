import { randomUUID } from 'node:crypto';
import { conflict, refuseIfAny, type InputProblem } from '@pawfresh/kit';
import type {
  CreateSubscriptionInput,
  Subscription,
  SubscriptionStatus,
} from '@pawfresh/contracts/subscription';
import {
  findHouseholdSubscriptionRow,
  insertSubscription,
  type NewSubscriptionRow,
  type SubscriptionRow,
} from '../db/subscription-store.js';
import { hasAnActivePlan, NEEDS_AN_ACTIVE_PLAN } from '../rules/active-plan.js';
import { EMPTY_CATALOGUE } from '../rules/catalogue.js';
import { checkExtra } from '../rules/extras.js';
import {
  pricedSkus,
  sizeFeedingPlan,
  type PricedFeedingPlan,
} from '../rules/feeding-plan-sizing.js';
import { duplicateDiscountProblems, duplicateDogProblems } from '../rules/new-subscription.js';
import { activeTotals } from '../rules/subscription-totals.js';
import { loadCatalogue } from './catalogue.js';
import { answerWith } from './change-subscription.js';
import type { SubscriptionContext } from './context.js';
import { discountProblems } from './discounts.js';
import { priceFeedingPlans } from './feeding-plan-pricing.js';
import { householdDogProblems } from './household-dogs.js';

type NewInput = Pick<
  CreateSubscriptionInput,
  'userId' | 'cadenceInWeeks' | 'feedingPlans' | 'extras' | 'discounts'
>;

/** A new subscription's plans priced and its extras' prices, once everything is checked. */
export interface PreparedSubscription {
  priced: PricedFeedingPlan[];
  extraPrices: number[];
}

export const householdTaken = (existingId: string | undefined, what: string) =>
  conflict(
    `This household already has a subscription${existingId ? ` (${existingId})` : ''}${what}`,
  );
const CHANGE_OR_REMOVE = ': change that one, or remove it first';

/** The columns of a feeding plan that sizing and pricing decide. */
export const pricedPlanColumns = (plan: PricedFeedingPlan) => ({
  type: plan.type,
  servingSize: plan.servingSize.code,
  dailyServingSizeGrams: plan.servingSize.grams,
  pouchSizeGrams: plan.pouchSizeGrams,
  pouchesPerDay: plan.pouchesPerDay,
  totalPouches: plan.totalPouches,
  totalPrice: plan.totalPrice,
  dailyPrice: plan.dailyPrice,
});

/**
 * Checks and prices a new subscription's plans, extras and discounts (create and import): every
 * problem the request shows is refused at once, then those only other services can see.
 */
export async function prepareNew(
  ctx: SubscriptionContext,
  input: NewInput,
  options: { status: SubscriptionStatus; checkDogs: boolean },
): Promise<PreparedSubscription> {
  const catalogue =
    input.feedingPlans.length > 0 || input.extras.length > 0
      ? await loadCatalogue(ctx.services)
      : EMPTY_CATALOGUE;
  const sized = input.feedingPlans.map((p, i) =>
    sizeFeedingPlan(
      {
        path: ['feedingPlans', i],
        animalId: p.animalId,
        type: p.type,
        dailyServingSizeGrams: p.currentDailyServingSizeInGrams,
        skus: p.skus,
      },
      input.cadenceInWeeks,
      catalogue,
    ),
  );
  const extras = input.extras.map((e, i) => checkExtra({ path: ['extras', i], ...e }, catalogue));
  const problems: InputProblem[] = [
    ...sized.flatMap((s) => s.problems),
    ...duplicateDogProblems(input.feedingPlans),
    ...extras.flatMap((e) => e.problems),
    ...duplicateDiscountProblems(input.discounts),
  ];
  if (options.status === 'active' && !hasAnActivePlan(input.feedingPlans)) {
    problems.push({
      path: ['feedingPlans'],
      code: 'no_active_plan',
      message: NEEDS_AN_ACTIVE_PLAN,
    });
  }
  refuseIfAny(problems);
  const [dogProblems, discountsProblems] = await Promise.all([
    options.checkDogs
      ? householdDogProblems(
          ctx.services,
          input.userId,
          input.feedingPlans.map((p, i) => ({ path: ['feedingPlans', i], animalId: p.animalId })),
        )
      : [],
    discountProblems(
      ctx.services,
      input.discounts.map((d, i) => ({ path: ['discounts', i], discountId: d.discountId })),
    ),
  ]);
  refuseIfAny([...dogProblems, ...discountsProblems]);
  const priced = await priceFeedingPlans(
    ctx.services,
    sized.map((s) => s.plan!),
    input.cadenceInWeeks,
  );
  return { priced, extraPrices: extras.map((e) => e.price!) };
}

/** Writes a new subscription and everything in it; `row` sets the status and what goes with it. */
export async function insertNew(
  ctx: SubscriptionContext,
  input: CreateSubscriptionInput,
  prepared: PreparedSubscription,
  row: Omit<NewSubscriptionRow, 'id' | 'createdAt' | 'updatedAt' | 'userId' | 'cadenceInWeeks'>,
): Promise<SubscriptionRow> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const plans = input.feedingPlans.map((p, i) => ({
    row: {
      id: randomUUID(),
      subscriptionId: id,
      animalId: p.animalId,
      status: p.status,
      startOrderIndex: p.startOrderIndex,
      pausedAt: p.status === 'paused' ? now : null,
      createdAt: now,
      updatedAt: now,
      ...pricedPlanColumns(prepared.priced[i]!),
    },
    skus: pricedSkus(prepared.priced[i]!),
  }));
  const inserted = await insertSubscription(ctx.db, {
    subscription: {
      id,
      userId: input.userId,
      cadenceInWeeks: input.cadenceInWeeks,
      preferredDeliverySlotId: input.preferredDeliverySlotId ?? null,
      note: input.note ?? null,
      startAt: input.startAt ? new Date(input.startAt) : null,
      createdBy: input.createdBy ?? null,
      updatedBy: input.createdBy ?? null,
      createdAt: now,
      updatedAt: now,
      ...activeTotals(plans.map((p) => p.row)),
      ...row,
    },
    plans,
    extras: input.extras.map((e, i) => ({
      id: randomUUID(),
      subscriptionId: id,
      productVariantId: e.productVariantId,
      type: e.type,
      startOrderIndex: e.startOrderIndex,
      nthOrder: e.nthOrder,
      quantity: e.quantity,
      price: prepared.extraPrices[i]!,
      createdAt: now,
      updatedAt: now,
    })),
    discounts: input.discounts.map((d) => ({
      id: randomUUID(),
      subscriptionId: id,
      discountId: d.discountId,
      orderStartIndex: d.orderStartIndex,
      orderQuantity: d.orderQuantity,
      createdAt: now,
    })),
  });
  if (inserted === 'household_taken') {
    const existing = await findHouseholdSubscriptionRow(ctx.db, input.userId);
    throw householdTaken(existing?.id, CHANGE_OR_REMOVE);
  }
  return inserted;
}

/** Starts a household's subscription, draft or active: one per household. */
export async function createSubscription(
  ctx: SubscriptionContext,
  input: CreateSubscriptionInput,
): Promise<Subscription> {
  const existing = await findHouseholdSubscriptionRow(ctx.db, input.userId);
  if (existing) throw householdTaken(existing.id, CHANGE_OR_REMOVE);
  const prepared = await prepareNew(ctx, input, { status: input.status, checkDogs: true });
  return answerWith(ctx, await insertNew(ctx, input, prepared, { status: input.status }));
}
