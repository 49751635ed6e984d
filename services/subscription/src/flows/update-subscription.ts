import { randomUUID } from 'node:crypto';
import { conflict, refuseIfAny } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import type { SubscriptionDbView } from '../db/subscription-db.js';
import {
  findSubscriptionRow,
  loadAggregate,
  resumeDueSubscriptions,
  type FeedingPlanRow,
  type SubscriptionAggregate,
} from '../db/subscription-store.js';
import {
  insertExtra,
  insertFeedingPlan,
  replaceSkus,
  updateExtra,
  updateFeedingPlan,
} from '../db/subscription-items-store.js';
import { hasAnActivePlan, NEEDS_AN_ACTIVE_PLAN } from '../rules/active-plan.js';
import { EMPTY_CATALOGUE } from '../rules/catalogue.js';
import { checkExtra } from '../rules/extras.js';
import {
  pricedSkus,
  sizeFeedingPlan,
  type PricedFeedingPlan,
} from '../rules/feeding-plan-sizing.js';
import { orderIndexProblem, statusViaPatch } from '../rules/patch-status.js';
import { isRefusal } from '../rules/refusal.js';
import {
  mergeExtraChanges,
  mergeFeedingPlanChanges,
  type ExtraDraft,
  type NewDog,
  type PlanDraft,
} from '../rules/subscription-changes.js';
import { activeTotals } from '../rules/subscription-totals.js';
import { loadCatalogue } from './catalogue.js';
import {
  answerWith,
  changeUnderLock,
  refusalError,
  staleVersion,
  subscriptionNotFound,
} from './change-subscription.js';
import type { BodyOf, SubscriptionContext } from './context.js';
import { pricedPlanColumns } from './create-subscription.js';
import { priceFeedingPlans } from './feeding-plan-pricing.js';
import { householdDogProblems } from './household-dogs.js';

type Body = BodyOf<'updateSubscription'>;
type Plan = SubscriptionAggregate['plans'][number];

/**
 * PATCH: the fields sent change; feeding plans and extras sent with an id change, those without
 * join; the status may only go from draft to active. Everything is checked and priced first
 * (other services are never called inside the transaction), then written under the row lock at
 * the version the caller read.
 */
export async function updateSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: Body,
): Promise<Subscription> {
  await resumeDueSubscriptions(ctx.db, ctx.clock.now(), { id });
  const row = await findSubscriptionRow(ctx.db, id);
  if (!row) throw subscriptionNotFound(id);
  if (row.version !== body.version) throw staleVersion(body.version, row.version);
  const current = await loadAggregate(ctx.db, row);
  let status = row.status;
  if (body.status !== undefined) {
    const patched = statusViaPatch(row, body.status);
    if (!patched.ok) throw conflict(patched.message);
    status = patched.status;
  }
  const cadence = body.cadenceInWeeks ?? row.cadenceInWeeks;

  const plans = mergeFeedingPlanChanges(current.plans, body.feedingPlans ?? [], id, randomUUID);
  if (isRefusal(plans)) throw refusalError(plans);
  const extras = mergeExtraChanges(current.extras, body.extras ?? [], id, randomUUID);
  if (isRefusal(extras)) throw refusalError(extras);
  refuseIfAny([
    ...orderIndexProblem(row.lastProcessedOrderIndex, body.lastProcessedOrderIndex),
    ...plans.problems,
    ...extras.problems,
  ]);

  const reprice = body.feedingPlans !== undefined || cadence !== row.cadenceInWeeks;
  const activates = status === 'active' && row.status === 'draft';
  const priced = await checkAndPrice(ctx, row.userId, plans, extras.drafts, {
    cadence,
    reprice,
    activates,
  });

  const saved = await changeUnderLock(
    ctx,
    id,
    body.version,
    async (tx, locked) => {
      const now = ctx.clock.now();
      const finalPlans = await writePlans(tx, id, plans.drafts, priced, now);
      await writeExtras(tx, id, extras.drafts, now);
      return {
        status,
        cadenceInWeeks: cadence,
        ...(body.preferredDeliverySlotId !== undefined
          ? { preferredDeliverySlotId: body.preferredDeliverySlotId }
          : {}),
        ...(body.note !== undefined ? { note: body.note } : {}),
        ...(body.startAt !== undefined
          ? { startAt: body.startAt ? new Date(body.startAt) : null }
          : {}),
        ...(body.lastProcessedOrderIndex !== undefined
          ? { lastProcessedOrderIndex: body.lastProcessedOrderIndex }
          : {}),
        ...(reprice ? activeTotals(finalPlans) : {}),
        updatedBy: body.updatedBy ?? locked.row.updatedBy,
      };
    },
    // Resumed above, before the version was read; the row lock now only guards the write.
    { resumeFirst: false },
  );
  return answerWith(ctx, saved);
}

/**
 * The catalogue and other services' side of a PATCH: the plans re-priced (when plans or the
 * cadence change), changed extras checked and priced, new dogs checked as the household's.
 */
async function checkAndPrice(
  ctx: SubscriptionContext,
  userId: string,
  plans: { drafts: PlanDraft<Plan>[]; newDogs: NewDog[] },
  extras: ExtraDraft[],
  { cadence, reprice, activates }: { cadence: number; reprice: boolean; activates: boolean },
): Promise<PricedFeedingPlan[]> {
  const needsCatalogue = reprice || extras.some((e) => e.checkCatalogue);
  const catalogue = needsCatalogue ? await loadCatalogue(ctx.services) : EMPTY_CATALOGUE;
  const sized = reprice
    ? plans.drafts.map((d) =>
        sizeFeedingPlan(d.spec, cadence, catalogue, { requireActive: d.requireActive }),
      )
    : [];
  const problems = sized.flatMap((s) => s.problems);
  for (const e of extras) {
    if (!e.checkCatalogue) continue;
    const checked = checkExtra(e, catalogue);
    e.price = checked.price;
    problems.push(...checked.problems);
  }
  if (activates && !hasAnActivePlan(plans.drafts)) throw conflict(NEEDS_AN_ACTIVE_PLAN);
  refuseIfAny(problems);
  refuseIfAny(await householdDogProblems(ctx.services, userId, plans.newDogs));
  if (!reprice) return [];
  return priceFeedingPlans(
    ctx.services,
    sized.map((s) => s.plan!),
    cadence,
  );
}

/** Writes the re-priced plans (a plan not re-priced stays as it is) and answers them all. */
async function writePlans(
  tx: SubscriptionDbView,
  subscriptionId: string,
  drafts: readonly PlanDraft<Plan>[],
  priced: readonly PricedFeedingPlan[],
  now: Date,
): Promise<Pick<FeedingPlanRow, 'status' | 'totalPrice' | 'totalPouches'>[]> {
  const finalPlans: Pick<FeedingPlanRow, 'status' | 'totalPrice' | 'totalPouches'>[] = [];
  for (const [i, draft] of drafts.entries()) {
    const plan = priced[i];
    if (!plan) {
      finalPlans.push(draft.existing!);
      continue;
    }
    const values = {
      status: draft.status,
      startOrderIndex: draft.startOrderIndex,
      ...pricedPlanColumns(plan),
      updatedAt: now,
    };
    finalPlans.push(values);
    if (draft.existing) {
      await updateFeedingPlan(tx, draft.id, {
        ...values,
        pausedAt: draft.status === 'paused' ? draft.existing.pausedAt : null,
        version: draft.existing.version + 1,
      });
      await replaceSkus(tx, draft.id, pricedSkus(plan));
    } else {
      const row = {
        id: draft.id,
        subscriptionId,
        animalId: draft.spec.animalId,
        createdAt: now,
        ...values,
      };
      await insertFeedingPlan(tx, row, pricedSkus(plan));
    }
  }
  return finalPlans;
}

async function writeExtras(
  tx: SubscriptionDbView,
  subscriptionId: string,
  drafts: readonly ExtraDraft[],
  now: Date,
): Promise<void> {
  for (const e of drafts) {
    const values = {
      productVariantId: e.productVariantId,
      type: e.type,
      startOrderIndex: e.startOrderIndex,
      nthOrder: e.nthOrder,
      quantity: e.quantity,
      price: e.price!,
      updatedAt: now,
    };
    if (e.isNew) {
      await insertExtra(tx, { id: e.id, subscriptionId, createdAt: now, ...values });
    } else {
      await updateExtra(tx, e.id, { ...values, version: e.version + 1 });
    }
  }
}
