import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound, toInstant, type Handlers } from '@pawfresh/kit';
import { eq } from '@pawfresh/db/orm';
import type {
  CreateSubscriptionInput,
  ExtraType,
  FeedingPlanType,
  Subscription,
  SubscriptionStatus,
  subscriptionContract,
} from '@pawfresh/contracts/subscription';
import { loadCatalogue, type Catalogue } from '../catalogue.js';
import {
  priceFeedingPlans,
  sizeFeedingPlan,
  type FeedingPlanSpec,
  type PricedFeedingPlan,
  type SizedFeedingPlan,
} from '../feeding-plan-pricing.js';
import {
  extras,
  feedingPlans,
  feedingPlanSkus,
  subscriptionDiscounts,
  subscriptions,
} from '../db/schema.js';
import { findCancelReasons } from '../db/reference-store.js';
import { isUniqueViolation } from '@pawfresh/db';
import type { SubscriptionDbView } from '../db/subscription-db.js';
import {
  EVERYTHING,
  findHouseholdSubscriptionRow,
  findSubscriptionRow,
  listSubscriptionRows,
  loadAggregate,
  loadAggregates,
  resumeDueSubscriptions,
  toSubscription,
  type FeedingPlanRow,
  type SubscriptionAggregate,
  type SubscriptionRow,
} from '../db/subscription-store.js';
import {
  feedingPlanTransition,
  subscriptionTransition,
  type SubscriptionAction,
} from '../rules/status-transitions.js';
import { activeTotals } from '../rules/subscription-totals.js';
import type { HandlerDeps } from './deps.js';
import { pathText, refuseIfAny, type InputProblem } from './problems.js';
import { checkDiscounts, checkDogsBelongTo, checkExtra } from './subscription-input.js';

type SubscriptionHandlers = Omit<
  Handlers<typeof subscriptionContract>,
  'listPlans' | 'getPlan' | 'generatePlans' | 'generateRecommendations' | 'listCancelReasons'
>;

type NewRow = typeof subscriptions.$inferInsert;

const EMPTY_CATALOGUE: Catalogue = { meals: new Map(), variants: new Map() };

const notFoundSubscription = (id: string) => notFound(`Subscription ${id} not found`);
const stale = (sent: number, current: number) =>
  conflict(
    `The subscription has changed since version ${sent} (it is now version ${current}): reload it and try again`,
  );
const refused = (transition: { ok: false; message: string }) => conflict(transition.message);

/** The status a PATCH may set: only draft → active; every other move has its own call. */
function statusViaPatch(row: SubscriptionRow, target: SubscriptionStatus): SubscriptionStatus {
  if (target === row.status) return row.status;
  if (row.status === 'draft' && target === 'active') {
    const t = subscriptionTransition(row.status, 'activate');
    if (!t.ok) throw refused(t);
    return 'active';
  }
  if (target === 'draft') throw conflict('A subscription cannot go back to draft');
  const action: SubscriptionAction =
    target === 'paused'
      ? 'pause'
      : target === 'cancelled'
        ? 'cancel'
        : row.status === 'cancelled'
          ? 'reactivate'
          : 'resume';
  const t = subscriptionTransition(row.status, action);
  if (!t.ok) throw refused(t);
  throw conflict(
    `Use POST /subscriptions/${row.id}/${action} to change the status to ${target}; PATCH only activates a draft`,
  );
}

const planRowValues = (plan: PricedFeedingPlan) => ({
  type: plan.type,
  servingSize: plan.servingSize.code,
  dailyServingSizeGrams: plan.servingSize.grams,
  pouchSizeGrams: plan.pouchSizeGrams,
  pouchesPerDay: plan.pouchesPerDay,
  totalPouches: plan.totalPouches,
  totalPrice: plan.totalPrice,
  dailyPrice: plan.dailyPrice,
});

async function writeSkus(db: SubscriptionDbView, feedingPlanId: string, plan: PricedFeedingPlan) {
  await db.delete(feedingPlanSkus).where(eq(feedingPlanSkus.feedingPlanId, feedingPlanId));
  await db.insert(feedingPlanSkus).values(
    plan.skus.map((s) => ({
      id: randomUUID(),
      feedingPlanId,
      productId: s.productId,
      productVariantId: s.productVariantId,
      sku: s.sku,
      ratio: s.ratio,
      pouches: s.pouches,
      price: s.price,
    })),
  );
}

export function subscriptionHandlers({ db, clock, services }: HandlerDeps): SubscriptionHandlers {
  const respond = async (row: SubscriptionRow): Promise<Subscription> =>
    toSubscription(await loadAggregate(db, row), EVERYTHING);

  /**
   * One change under the subscription's row lock: the version is checked when sent, `work` says
   * what changes, and the version moves on by one. Nothing is written if anything throws.
   */
  async function mutate(
    id: string,
    sentVersion: number | undefined,
    work: (tx: SubscriptionDbView, current: SubscriptionAggregate) => Promise<Partial<NewRow>>,
  ): Promise<SubscriptionRow> {
    await resumeDueSubscriptions(db, clock.now(), { id });
    return db.transaction(async (tx) => {
      const locked = await findSubscriptionRow(tx, id, true);
      if (!locked) throw notFoundSubscription(id);
      if (sentVersion !== undefined && sentVersion !== locked.version) {
        throw stale(sentVersion, locked.version);
      }
      const changes = await work(tx, await loadAggregate(tx, locked));
      const [row] = await tx
        .update(subscriptions)
        .set({ ...changes, version: locked.version + 1, updatedAt: clock.now() })
        .where(eq(subscriptions.id, id))
        .returning();
      return row!;
    });
  }

  /** Checks and prices a new subscription's plans, extras and discounts (create and import). */
  async function prepareNew(
    input: Pick<
      CreateSubscriptionInput,
      'userId' | 'cadenceInWeeks' | 'feedingPlans' | 'extras' | 'discounts'
    >,
    options: { status: SubscriptionStatus; checkDogs: boolean },
  ) {
    const problems: InputProblem[] = [];
    const catalogue =
      input.feedingPlans.length > 0 || input.extras.length > 0
        ? await loadCatalogue(services)
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
    problems.push(...sized.flatMap((s) => s.problems));
    input.feedingPlans.forEach((p, i) => {
      const first = input.feedingPlans.findIndex((q) => q.animalId === p.animalId);
      if (first < i) {
        problems.push({
          path: ['feedingPlans', i, 'animalId'],
          code: 'duplicate_dog',
          message: `feedingPlans[${i}] is for the same dog as feedingPlans[${first}]: a dog has one feeding plan`,
        });
      }
    });
    const extraPrices = input.extras.map((e, i) =>
      checkExtra({ path: ['extras', i], ...e }, catalogue, problems),
    );
    input.discounts.forEach((d, i) => {
      const first = input.discounts.findIndex((q) => q.discountId === d.discountId);
      if (first < i) {
        problems.push({
          path: ['discounts', i, 'discountId'],
          code: 'duplicate_discount',
          message: `discounts[${i}] repeats discounts[${first}]: a discount is on a subscription once`,
        });
      }
    });
    if (options.status === 'active' && !input.feedingPlans.some((p) => p.status === 'active')) {
      problems.push({
        path: ['feedingPlans'],
        code: 'no_active_plan',
        message: 'An active subscription needs at least one active feeding plan',
      });
    }
    refuseIfAny(problems);
    await Promise.all([
      options.checkDogs
        ? checkDogsBelongTo(
            services,
            input.userId,
            input.feedingPlans.map((p, i) => ({ path: ['feedingPlans', i], animalId: p.animalId })),
            problems,
          )
        : undefined,
      checkDiscounts(
        services,
        input.discounts.map((d, i) => ({ path: ['discounts', i], discountId: d.discountId })),
        problems,
      ),
    ]);
    refuseIfAny(problems);
    const priced = await priceFeedingPlans(
      services,
      sized.map((s) => s.plan!),
      input.cadenceInWeeks,
    );
    return { priced, extraPrices: extraPrices.map((p) => p!) };
  }

  /** Writes a new subscription and everything in it, in one transaction. */
  async function insertNew(
    input: CreateSubscriptionInput,
    prepared: Awaited<ReturnType<typeof prepareNew>>,
    row: Omit<NewRow, 'id' | 'createdAt' | 'updatedAt' | 'userId' | 'cadenceInWeeks'>,
  ): Promise<SubscriptionRow> {
    const now = clock.now();
    const id = randomUUID();
    const planRows = input.feedingPlans.map((p, i) => ({
      id: randomUUID(),
      subscriptionId: id,
      animalId: p.animalId,
      status: p.status,
      startOrderIndex: p.startOrderIndex,
      pausedAt: p.status === 'paused' ? now : null,
      createdAt: now,
      updatedAt: now,
      ...planRowValues(prepared.priced[i]!),
    }));
    try {
      return await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(subscriptions)
          .values({
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
            ...activeTotals(planRows),
            ...row,
          })
          .returning();
        for (const [i, plan] of planRows.entries()) {
          await tx.insert(feedingPlans).values(plan);
          await writeSkus(tx, plan.id, prepared.priced[i]!);
        }
        if (input.extras.length > 0) {
          await tx.insert(extras).values(
            input.extras.map((e, i) => ({
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
          );
        }
        if (input.discounts.length > 0) {
          await tx.insert(subscriptionDiscounts).values(
            input.discounts.map((d) => ({
              id: randomUUID(),
              subscriptionId: id,
              discountId: d.discountId,
              orderStartIndex: d.orderStartIndex,
              orderQuantity: d.orderQuantity,
              createdAt: now,
            })),
          );
        }
        return inserted!;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'subscriptions_one_per_household')) {
        const existing = await findHouseholdSubscriptionRow(db, input.userId);
        throw conflict(
          `This household already has a subscription${existing ? ` (${existing.id})` : ''}: change that one, or remove it first`,
        );
      }
      throw err;
    }
  }

  async function findCancelReason(id: string) {
    const [row] = await findCancelReasons(db, [id]);
    return row;
  }

  return {
    listSubscriptions: async ({ query }) => {
      await resumeDueSubscriptions(db, clock.now(), query.userId ? { userId: query.userId } : {});
      const rows = await listSubscriptionRows(db, query);
      return (await loadAggregates(db, rows)).map((a) => toSubscription(a, query));
    },

    searchSubscriptions: async ({ query }) => {
      await resumeDueSubscriptions(db, clock.now());
      const rows = await listSubscriptionRows(db, query);
      return (await loadAggregates(db, rows)).map((a) => toSubscription(a, query));
    },

    getSubscription: async ({ params, query }) => {
      await resumeDueSubscriptions(db, clock.now(), { id: params.id });
      const row = await findSubscriptionRow(db, params.id);
      if (!row) throw notFoundSubscription(params.id);
      return toSubscription(await loadAggregate(db, row), query);
    },

    createSubscription: async ({ body }) => {
      const existing = await findHouseholdSubscriptionRow(db, body.userId);
      if (existing) {
        throw conflict(
          `This household already has a subscription (${existing.id}): change that one, or remove it first`,
        );
      }
      const prepared = await prepareNew(body, { status: body.status, checkDogs: true });
      return respond(await insertNew(body, prepared, { status: body.status }));
    },

    updateSubscription: async ({ params, body }) => {
      await resumeDueSubscriptions(db, clock.now(), { id: params.id });
      const row = await findSubscriptionRow(db, params.id);
      if (!row) throw notFoundSubscription(params.id);
      if (row.version !== body.version) throw stale(body.version, row.version);
      const current = await loadAggregate(db, row);
      const problems: InputProblem[] = [];
      const status = body.status === undefined ? row.status : statusViaPatch(row, body.status);
      const cadence = body.cadenceInWeeks ?? row.cadenceInWeeks;

      if (
        body.lastProcessedOrderIndex !== undefined &&
        row.lastProcessedOrderIndex !== null &&
        body.lastProcessedOrderIndex < row.lastProcessedOrderIndex
      ) {
        problems.push({
          path: ['lastProcessedOrderIndex'],
          code: 'order_index_backwards',
          message: `lastProcessedOrderIndex cannot go back (it is ${row.lastProcessedOrderIndex})`,
        });
      }

      // Feeding plans: those sent change or join; the others are kept and re-priced with them.
      interface PlanDraft {
        existing?: FeedingPlanRow;
        id: string;
        status: FeedingPlanRow['status'];
        startOrderIndex: number;
        spec: FeedingPlanSpec;
        requireActive: boolean;
        touched: boolean;
      }
      const drafts: PlanDraft[] = current.plans.map((p) => ({
        existing: p,
        id: p.id,
        status: p.status,
        startOrderIndex: p.startOrderIndex,
        requireActive: false,
        touched: false,
        spec: {
          path: ['feedingPlans', p.id],
          animalId: p.animalId,
          type: p.type,
          dailyServingSizeGrams: p.dailyServingSizeGrams,
          skus: p.skus.map((s) => ({ productVariantId: s.productVariantId, ratio: s.ratio })),
        },
      }));
      const newDogs: { path: (string | number)[]; animalId: string }[] = [];
      (body.feedingPlans ?? []).forEach((item, i) => {
        const path = ['feedingPlans', i];
        if (item.id !== undefined) {
          const draft = drafts.find((d) => d.id === item.id);
          if (!draft?.existing) {
            throw notFound(`Feeding plan ${item.id} is not on subscription ${row.id}`);
          }
          if (draft.existing.version !== item.version) {
            throw conflict(
              `Feeding plan ${item.id} has changed since version ${item.version} (it is now version ${draft.existing.version}): reload the subscription and try again`,
            );
          }
          if (item.animalId !== undefined && item.animalId !== draft.existing.animalId) {
            problems.push({
              path: [...path, 'animalId'],
              code: 'plan_changes_dog',
              message: `${pathText([...path, 'animalId'])}: a feeding plan stays with its dog; add a new plan for another dog`,
            });
          }
          if (
            item.isEligible !== undefined &&
            item.isEligible !== (draft.status !== 'ineligible')
          ) {
            const t = feedingPlanTransition(
              draft.status,
              item.isEligible ? 'makeEligible' : 'makeIneligible',
            );
            if (!t.ok) throw refused(t);
            draft.status = t.to;
          }
          draft.touched = true;
          draft.requireActive = item.skus !== undefined;
          draft.startOrderIndex = item.startOrderIndex ?? draft.startOrderIndex;
          draft.spec = {
            path,
            animalId: draft.spec.animalId,
            type: item.type ?? draft.spec.type,
            dailyServingSizeGrams:
              item.currentDailyServingSizeInGrams ?? draft.spec.dailyServingSizeGrams,
            skus: item.skus ?? draft.spec.skus,
          };
          return;
        }
        const missing = (
          ['animalId', 'type', 'currentDailyServingSizeInGrams', 'skus'] as const
        ).filter((field) => item[field] === undefined);
        if (missing.length > 0) {
          problems.push({
            path,
            code: 'new_plan_incomplete',
            message: `${pathText(path)}: a new feeding plan needs ${missing.join(', ')}`,
          });
          return;
        }
        if (drafts.some((d) => d.spec.animalId === item.animalId)) {
          throw conflict(
            `${pathText([...path, 'animalId'])}: this dog already has a feeding plan on the subscription; change that plan instead`,
          );
        }
        newDogs.push({ path, animalId: item.animalId! });
        drafts.push({
          id: randomUUID(),
          status: item.isEligible === false ? 'ineligible' : 'active',
          startOrderIndex: item.startOrderIndex ?? 0,
          requireActive: true,
          touched: true,
          spec: {
            path,
            animalId: item.animalId!,
            type: item.type as FeedingPlanType,
            dailyServingSizeGrams: item.currentDailyServingSizeInGrams!,
            skus: item.skus!,
          },
        });
      });

      // Extras: those sent with an id change; those without are added.
      interface ExtraDraft {
        id: string;
        isNew: boolean;
        version: number;
        productVariantId: string;
        type: ExtraType;
        startOrderIndex: number;
        nthOrder: number;
        quantity: number;
        price: number | undefined;
        path: (string | number)[];
        checkCatalogue: boolean;
      }
      const extraDrafts: ExtraDraft[] = [];
      (body.extras ?? []).forEach((item, i) => {
        const path = ['extras', i];
        if (item.id !== undefined) {
          const existing = current.extras.find((e) => e.id === item.id);
          if (!existing) throw notFound(`Extra ${item.id} is not on subscription ${row.id}`);
          if (existing.version !== item.version) {
            throw conflict(
              `Extra ${item.id} has changed since version ${item.version} (it is now version ${existing.version}): reload the subscription and try again`,
            );
          }
          if (existing.cancelledAt) {
            throw conflict(`Extra ${item.id} was cancelled: add it again as a new extra instead`);
          }
          const productChanged =
            (item.productVariantId !== undefined &&
              item.productVariantId !== existing.productVariantId) ||
            (item.type !== undefined && item.type !== existing.type);
          extraDrafts.push({
            id: existing.id,
            isNew: false,
            version: existing.version,
            productVariantId: item.productVariantId ?? existing.productVariantId,
            type: item.type ?? existing.type,
            startOrderIndex: item.startOrderIndex ?? existing.startOrderIndex,
            nthOrder: item.nthOrder ?? existing.nthOrder,
            quantity: item.quantity ?? existing.quantity,
            price: item.price ?? (productChanged ? undefined : existing.price),
            path,
            checkCatalogue: productChanged,
          });
          return;
        }
        const missing = (['productVariantId', 'type'] as const).filter(
          (f) => item[f] === undefined,
        );
        if (missing.length > 0) {
          problems.push({
            path,
            code: 'new_extra_incomplete',
            message: `${pathText(path)}: a new extra needs ${missing.join(' and ')}`,
          });
          return;
        }
        extraDrafts.push({
          id: randomUUID(),
          isNew: true,
          version: 1,
          productVariantId: item.productVariantId!,
          type: item.type!,
          startOrderIndex: item.startOrderIndex ?? 0,
          nthOrder: item.nthOrder ?? 1,
          quantity: item.quantity ?? 1,
          price: item.price,
          path,
          checkCatalogue: true,
        });
      });
      refuseIfAny(problems);

      const reprice = body.feedingPlans !== undefined || cadence !== row.cadenceInWeeks;
      const needsCatalogue = reprice || extraDrafts.some((e) => e.checkCatalogue);
      const catalogue = needsCatalogue ? await loadCatalogue(services) : EMPTY_CATALOGUE;
      const sized: (SizedFeedingPlan | undefined)[] = reprice
        ? drafts.map((d) => {
            const result = sizeFeedingPlan(d.spec, cadence, catalogue, {
              requireActive: d.requireActive,
            });
            problems.push(...result.problems);
            return result.plan;
          })
        : [];
      for (const e of extraDrafts) {
        if (!e.checkCatalogue) continue;
        const price = checkExtra(
          { path: e.path, productVariantId: e.productVariantId, type: e.type, price: e.price },
          catalogue,
          problems,
        );
        e.price = price;
      }
      const willBeActive = status === 'active';
      if (willBeActive && row.status === 'draft' && !drafts.some((d) => d.status === 'active')) {
        throw conflict('An active subscription needs at least one active feeding plan');
      }
      refuseIfAny(problems);
      await checkDogsBelongTo(services, row.userId, newDogs, problems);
      refuseIfAny(problems);
      const priced = reprice
        ? await priceFeedingPlans(
            services,
            sized.map((s) => s!),
            cadence,
          )
        : [];

      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        const locked = await findSubscriptionRow(tx, row.id, true);
        if (!locked) throw notFoundSubscription(row.id);
        if (locked.version !== body.version) throw stale(body.version, locked.version);
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
            ...planRowValues(plan),
            updatedAt: now,
          };
          finalPlans.push(values);
          if (draft.existing) {
            await tx
              .update(feedingPlans)
              .set({
                ...values,
                pausedAt: draft.status === 'paused' ? draft.existing.pausedAt : null,
                version: draft.existing.version + 1,
              })
              .where(eq(feedingPlans.id, draft.id));
          } else {
            await tx.insert(feedingPlans).values({
              id: draft.id,
              subscriptionId: row.id,
              animalId: draft.spec.animalId,
              createdAt: now,
              ...values,
            });
          }
          await writeSkus(tx, draft.id, plan);
        }
        for (const e of extraDrafts) {
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
            await tx
              .insert(extras)
              .values({ id: e.id, subscriptionId: row.id, createdAt: now, ...values });
          } else {
            await tx
              .update(extras)
              .set({ ...values, version: e.version + 1 })
              .where(eq(extras.id, e.id));
          }
        }
        const [updated] = await tx
          .update(subscriptions)
          .set({
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
            updatedBy: body.updatedBy ?? locked.updatedBy,
            version: locked.version + 1,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id))
          .returning();
        return updated!;
      });
      return respond(saved);
    },

    removeSubscription: async ({ params, body }) => {
      await mutate(params.id, body?.version, async (_tx, { row }) => {
        const t = subscriptionTransition(row.status, 'remove');
        if (!t.ok) throw refused(t);
        return { removedAt: clock.now(), removedBy: body?.updatedBy ?? null };
      });
    },

    pauseSubscription: async ({ params, body }) => {
      let resumeAt: Date | null = null;
      if (body?.resumeAt) {
        const at = toInstant(body.resumeAt, body.timezone);
        if (!at) throw refuseBody('resumeAt', `resumeAt ${body.resumeAt} is not a date`);
        if (at.getTime() <= clock.now().getTime()) {
          throw refuseBody('resumeAt', 'resumeAt must be a date after today');
        }
        resumeAt = at;
      }
      const row = await mutate(params.id, body?.version, async (_tx, current) => {
        const t = subscriptionTransition(current.row.status, 'pause');
        if (!t.ok) throw refused(t);
        return {
          status: 'paused',
          pauseAt: current.row.pauseAt ?? clock.now(),
          resumeAt,
          updatedBy: body?.updatedBy ?? current.row.updatedBy,
        };
      });
      return respond(row);
    },

    resumeSubscription: async ({ params, body }) => {
      const row = await mutate(params.id, body?.version, async (_tx, current) => {
        const t = subscriptionTransition(current.row.status, 'resume');
        if (!t.ok) throw refused(t);
        return {
          status: 'active',
          pauseAt: null,
          resumeAt: null,
          updatedBy: body?.updatedBy ?? current.row.updatedBy,
        };
      });
      return respond(row);
    },

    cancelSubscription: async ({ params, body }) => {
      const problems: InputProblem[] = [];
      const primary = body.primaryCancelReasonId
        ? await findCancelReason(body.primaryCancelReasonId)
        : undefined;
      if (body.primaryCancelReasonId) {
        if (!primary || !primary.contexts.includes('subscription')) {
          problems.push({
            path: ['primaryCancelReasonId'],
            code: 'unknown_reason',
            message: 'primaryCancelReasonId is not a reason for cancelling a subscription',
          });
        } else if (primary.parentId !== null) {
          problems.push({
            path: ['primaryCancelReasonId'],
            code: 'child_reason',
            message:
              'primaryCancelReasonId must be a top-level reason; send its child as secondaryCancelReasonId',
          });
        }
      }
      if (body.secondaryCancelReasonId) {
        const secondary = await findCancelReason(body.secondaryCancelReasonId);
        if (!body.primaryCancelReasonId) {
          problems.push({
            path: ['secondaryCancelReasonId'],
            code: 'secondary_without_primary',
            message: 'secondaryCancelReasonId needs a primaryCancelReasonId it belongs to',
          });
        } else if (!secondary || secondary.parentId !== body.primaryCancelReasonId) {
          problems.push({
            path: ['secondaryCancelReasonId'],
            code: 'not_a_child_reason',
            message: "secondaryCancelReasonId must be one of the primary reason's child reasons",
          });
        }
      }
      refuseIfAny(problems);
      const row = await mutate(params.id, body.version, async (_tx, current) => {
        const t = subscriptionTransition(current.row.status, 'cancel');
        if (!t.ok) throw refused(t);
        return {
          status: 'cancelled',
          cancelledAt: clock.now(),
          cancelledBy: body.cancelledBy,
          cancelledByAdmin: body.cancelledByAdmin,
          primaryCancelReasonId: body.primaryCancelReasonId ?? null,
          secondaryCancelReasonId: body.secondaryCancelReasonId ?? null,
          otherCancelReason: body.otherCancelReason || null,
          pauseAt: null,
          resumeAt: null,
          updatedBy: body.cancelledBy,
        };
      });
      return respond(row);
    },

    reactivateSubscription: async ({ params, body }) => {
      const row = await mutate(params.id, body?.version, async (_tx, current) => {
        const t = subscriptionTransition(current.row.status, 'reactivate');
        if (!t.ok) throw refused(t);
        if (!current.plans.some((p) => p.status === 'active')) {
          throw conflict('An active subscription needs at least one active feeding plan');
        }
        return {
          status: 'active',
          cancelledAt: null,
          cancelledBy: null,
          cancelledByAdmin: null,
          primaryCancelReasonId: null,
          secondaryCancelReasonId: null,
          otherCancelReason: null,
          updatedBy: body?.updatedBy ?? current.row.updatedBy,
        };
      });
      return respond(row);
    },

    pauseFeedingPlan: async ({ params, body }) =>
      respond(await changePlanStatus(params.id, params.feedingPlanId, 'pause', body)),

    activateFeedingPlan: async ({ params, body }) =>
      respond(await changePlanStatus(params.id, params.feedingPlanId, 'activate', body)),

    cancelExtra: async ({ params, body }) => {
      const reason = body.cancelReasonId ? await findCancelReason(body.cancelReasonId) : undefined;
      const row = await mutate(params.id, body.version, async (tx, current) => {
        const extra = current.extras.find((e) => e.id === params.extraId);
        if (!extra) throw notFound(`Extra ${params.extraId} is not on subscription ${params.id}`);
        if (extra.cancelledAt) {
          throw conflict(`This extra was already cancelled on ${extra.cancelledAt.toISOString()}`);
        }
        if (body.cancelReasonId) {
          const fits =
            extra.type === 'treat' || extra.type === 'supplement'
              ? reason?.contexts.includes(extra.type)
              : reason !== undefined;
          if (!fits) {
            throw refuseBody(
              'cancelReasonId',
              `cancelReasonId is not a reason for stopping a ${extra.type} extra`,
            );
          }
        }
        const now = clock.now();
        await tx
          .update(extras)
          .set({
            cancelledAt: now,
            cancelReasonId: body.cancelReasonId ?? null,
            cancelNotes: body.cancelNotes || null,
            cancelledBy: body.cancelledBy,
            version: extra.version + 1,
            updatedAt: now,
          })
          .where(eq(extras.id, extra.id));
        return { updatedBy: body.cancelledBy };
      });
      return respond(row);
    },

    addDiscount: async ({ params, body }) => {
      const problems: InputProblem[] = [];
      await checkDiscounts(services, [{ path: [], discountId: body.discountId }], problems);
      refuseIfAny(problems);
      const row = await mutate(params.id, body.version, async (tx, current) => {
        if (current.discounts.some((d) => d.discountId === body.discountId)) {
          throw conflict(`Discount ${body.discountId} is already on this subscription`);
        }
        await tx.insert(subscriptionDiscounts).values({
          id: randomUUID(),
          subscriptionId: params.id,
          discountId: body.discountId,
          orderStartIndex: body.orderStartIndex,
          orderQuantity: body.orderQuantity,
          createdAt: clock.now(),
        });
        return {};
      });
      return respond(row);
    },

    removeDiscount: async ({ params, body }) => {
      const row = await mutate(params.id, body.version, async (tx, current) => {
        const found = current.discounts.find((d) => d.discountId === body.discountId);
        if (!found) throw notFound(`Discount ${body.discountId} is not on this subscription`);
        await tx.delete(subscriptionDiscounts).where(eq(subscriptionDiscounts.id, found.id));
        return {};
      });
      return respond(row);
    },

    importSubscription: async ({ body }) => {
      const existing = await findHouseholdSubscriptionRow(db, body.userId);
      if (existing) {
        if (existing.legacySubscriptionId === body.legacySubscriptionId) return respond(existing);
        throw conflict(
          `This household already has a subscription (${existing.id}); revert it before importing another`,
        );
      }
      const input = { ...body, status: 'draft' as const };
      const prepared = await prepareNew(input, { status: body.status, checkDogs: false });
      const now = clock.now();
      return respond(
        await insertNew(input, prepared, {
          status: body.status,
          legacySubscriptionId: body.legacySubscriptionId,
          lastProcessedOrderIndex: body.lastProcessedOrderIndex ?? null,
          migratedAt: now,
          pauseAt: body.status === 'paused' ? now : null,
          cancelledAt: body.status === 'cancelled' ? now : null,
          cancelledBy: body.status === 'cancelled' ? (body.createdBy ?? 'migration') : null,
          cancelledByAdmin: body.status === 'cancelled' ? true : null,
        }),
      );
    },

    revertImport: async ({ params }) => {
      const existing = await findHouseholdSubscriptionRow(db, params.userId);
      if (!existing) throw notFound(`User ${params.userId} has no subscription`);
      if (!existing.legacySubscriptionId) {
        throw conflict(
          `Subscription ${existing.id} was not imported from the legacy system, so it cannot be reverted`,
        );
      }
      await db.delete(subscriptions).where(eq(subscriptions.id, existing.id));
    },
  };

  async function changePlanStatus(
    id: string,
    feedingPlanId: string,
    action: 'pause' | 'activate',
    body: { version?: number | undefined; updatedBy?: string | undefined } | null | undefined,
  ) {
    return mutate(id, body?.version, async (tx, current) => {
      const plan = current.plans.find((p) => p.id === feedingPlanId);
      if (!plan) throw notFound(`Feeding plan ${feedingPlanId} is not on subscription ${id}`);
      const t = feedingPlanTransition(plan.status, action);
      if (!t.ok) throw refused(t);
      const now = clock.now();
      await tx
        .update(feedingPlans)
        .set({
          status: t.to,
          pausedAt: t.to === 'paused' ? now : null,
          version: plan.version + 1,
          updatedAt: now,
        })
        .where(eq(feedingPlans.id, plan.id));
      const plans = current.plans.map((p) => (p.id === plan.id ? { ...p, status: t.to } : p));
      return { ...activeTotals(plans), updatedBy: body?.updatedBy ?? current.row.updatedBy };
    });
  }
}

/** A 400 about one body field, in the envelope the schema errors use. */
const refuseBody = (field: string, message: string) =>
  badRequest(message, [{ in: 'body', path: [field], code: 'invalid' }]);
