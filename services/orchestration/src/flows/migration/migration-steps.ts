import { conflict, HttpError, refusalOf, upstream } from '@pawfresh/kit';
import type { LegacyUserData } from '@pawfresh/contracts/legacy';
import type { MigratedRecords } from '@pawfresh/contracts/orchestration-migration';
import {
  planMigration,
  type MigrationCatalogue,
  type MigrationPlan,
} from '../../rules/legacy-migration.js';
import type { WorkflowContext } from '../context.js';

/** Who the migration records as the author of what it imports. */
const MIGRATION_ACTOR = 'legacy-migration';

/**
 * A call to another service inside a step: its answer, or the refusal it gave (4xx) as a value,
 * so the workflow can undo what it made and record why. A failure on the other side (5xx, no
 * answer) is thrown as the kit's 502; the workflow treats it the same, after the engine stored it.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export async function outcome<T>(what: string, call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await upstream(what, call) };
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) return { ok: false, status: refusal.status, message: refusal.message };
    throw err;
  }
}

export const messageOf = (err: unknown) =>
  err instanceof Error || (err && typeof err === 'object' && 'message' in err)
    ? String((err as { message: unknown }).message)
    : 'The migration failed';

let cachedCatalogue: { at: number; value: MigrationCatalogue } | undefined;

const CATALOGUE_TTL_MS = 60_000;

/** Breeds and meals, read once a minute at most (a bulk run migrates thousands). */
async function readCatalogue({ services }: WorkflowContext): Promise<MigrationCatalogue> {
  if (cachedCatalogue && Date.now() - cachedCatalogue.at < CATALOGUE_TTL_MS) {
    return cachedCatalogue.value;
  }
  const [metadata, products] = await Promise.all([
    upstream('Reading the breeds', () => services.dogs.getMetadata({})),
    upstream('Reading the meals', () => services.product.listProducts({ query: { type: 'meal' } })),
  ]);
  const value: MigrationCatalogue = {
    breeds: metadata.breeds.map(({ name, slug }) => ({ name, slug })),
    meals: products.flatMap((p) => {
      const meal = p.metadata.find((m) => m.metaKey === 'meal')?.metaValue;
      const variant = p.variants[0];
      return meal && variant
        ? [{ meal: String(meal).toLowerCase(), productId: p.id, productVariantId: variant.id }]
        : [];
    }),
  };
  cachedCatalogue = { at: Date.now(), value };
  return value;
}

export const nothing = (): MigratedRecords => ({
  userId: null,
  dogIds: [],
  subscriptionId: null,
  paymentCustomerId: null,
  orderIds: [],
});

type StatusBody = Parameters<
  WorkflowContext['services']['legacy']['setMigrationStatus']
>[0]['body'];

/** Records the user's migration status; a status the caller did not expect is a 409. */
async function putStatus(ctx: WorkflowContext, legacyId: number, body: StatusBody) {
  const set = await outcome('Recording the migration status', () =>
    ctx.services.legacy.setMigrationStatus({ params: { legacyId }, body }),
  );
  if (!set.ok) throw new HttpError(set.status, set.message, { type: 'conflict' });
  return set.value;
}

export async function setStatus(
  ctx: WorkflowContext,
  name: string,
  legacyId: number,
  body: StatusBody,
) {
  return ctx.step(name, () => putStatus(ctx, legacyId, body));
}

/**
 * Reads the legacy user (404 in our words when the exporter has no such e-mail) and claims them
 * for this workflow (status migrating, only from one of `from`: anything else is a 409). Inside a
 * step: the claim is idempotent by workflow id, so a step run again after a crash is no conflict.
 */
export async function readAndClaim(
  ctx: WorkflowContext,
  email: string,
  from: StatusBody['expectedStatus'],
  workflowId: string,
): Promise<LegacyUserData> {
  const read = await outcome('Reading the legacy user', () =>
    ctx.services.legacy.getLegacyUserData({ body: { email } }),
  );
  if (!read.ok) throw new HttpError(read.status, read.message);
  await putStatus(ctx, read.value.user.legacyId, {
    status: 'migrating',
    expectedStatus: from,
    workflowId,
  });
  return read.value;
}

/**
 * A bulk run's customer whose run was cancelled before this child started: their `queued` status
 * is given back (unmigrated), so a later bulk run selects them again. Cancelling the run gives
 * back every customer it holds as queued at once (`releaseQueued`); this covers a child that
 * passed into its first step meanwhile. A customer no longer queued is left as it is.
 */
export async function releaseForCancelledRun(
  ctx: WorkflowContext,
  email: string,
  workflowId: string,
): Promise<{ legacyId: number; email: string; released: boolean }> {
  const read = await outcome('Reading the legacy user', () =>
    ctx.services.legacy.getLegacyUserData({ body: { email } }),
  );
  if (!read.ok) throw new HttpError(read.status, read.message);
  const { legacyId } = read.value.user;
  const set = await outcome('Giving the customer back', () =>
    ctx.services.legacy.setMigrationStatus({
      params: { legacyId },
      body: { status: 'unmigrated', expectedStatus: ['queued'], workflowId },
    }),
  );
  if (!set.ok && set.status !== 409) throw new HttpError(set.status, set.message);
  return { legacyId, email: read.value.user.email, released: set.ok };
}

export type Part = 'pastOrders' | 'paymentCustomer' | 'subscription' | 'dogs' | 'user';

/**
 * Undoes what a migration made, newest first: past orders, payment customer, subscription, dogs,
 * user. Each revert is idempotent (what is already gone is a 404 or nothing to remove, and fine),
 * so a retried undo is safe. `attempted` limits it to the parts a failed migration tried to make
 * (a part whose import failed on the other side may still have been made); a revert undoes every
 * part. Answers the past orders removed.
 */
export async function undo(
  ctx: WorkflowContext,
  userId: string,
  prefix: string,
  attempted?: ReadonlySet<Part>,
): Promise<string[]> {
  const { services } = ctx;
  let removedOrders: string[] = [];
  const parts: [Part, string, () => Promise<unknown>][] = [
    [
      'pastOrders',
      'past orders',
      async () =>
        (removedOrders = (await services.order.revertLegacyOrders({ params: { userId } }))
          .deletedOrderIds),
    ],
    [
      'paymentCustomer',
      'payment customer',
      () => services.payment.revertMigration({ params: { userId } }),
    ],
    [
      'subscription',
      'subscription',
      () => services.subscription.revertImport({ params: { userId } }),
    ],
    ['dogs', 'dogs', () => services.dogs.revertImport({ params: { userId } })],
    ['user', 'user', () => services.identity.revertImport({ params: { userId } })],
  ];
  for (const [part, what, call] of parts) {
    if (attempted && !attempted.has(part)) continue;
    const removed = await ctx.step(`${prefix}-${what.replace(' ', '-')}`, async () => {
      const o = await outcome(`Removing the ${what}`, call);
      if (!o.ok && o.status !== 404) throw conflict(`The ${what} cannot be removed: ${o.message}`);
      return part === 'pastOrders' ? removedOrders : [];
    });
    if (part === 'pastOrders') removedOrders = removed;
  }
  return removedOrders;
}

/**
 * Breeds and meals (cached), the mapping rules and, for a customer who needs deliveries, the
 * courier's word on their address: the plan, or the problems that stop the customer.
 */
export async function planCustomer(
  ctx: WorkflowContext,
  data: LegacyUserData,
): Promise<{ plan: MigrationPlan } | { problems: string[] }> {
  const planned = planMigration(data, await readCatalogue(ctx));
  if (!('plan' in planned)) return planned;
  const { plan } = planned;
  if (plan.needsDelivery && plan.user.address) {
    const { postCode, suburb } = plan.user.address;
    const check = await upstream('Checking delivery coverage', () =>
      ctx.services.courier.checkServiceability({ body: { postcode: postCode, suburb } }),
    );
    if (!check.serviceable) {
      return {
        problems: [
          `Legacy user ${plan.legacyId} (${plan.user.email}) lives at ${suburb} ${postCode}, where the courier does not deliver: ask the customer for an address in delivery coverage, or cancel their plan in the legacy system`,
        ],
      };
    }
  }
  return planned;
}

/**
 * Waits for every call to end (each may make something an undo must find), then throws the first
 * failure, or answers every result in order.
 */
async function allEnded<T extends unknown[]>(calls: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(calls as unknown as Promise<unknown>[]);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as T;
}

/** A refusal of one part, in the words the customer's error records. */
const refused = (o: { status: number; message: string }, prefix?: string) => ({
  ok: false as const,
  status: o.status,
  message: prefix ? `${prefix}: ${o.message}` : o.message,
});

/**
 * What the customer owns besides the user, in one step: the dogs (at once), then the
 * subscription with a feeding plan per dog; beside them the payment customer and the past orders
 * with the customer flags. Every import is idempotent by its legacy id, so the step run again
 * after a crash makes nothing twice. The first refusal is answered (all parts are undone).
 */
async function importRecords(
  ctx: WorkflowContext,
  plan: MigrationPlan,
  userId: string,
): Promise<
  | { ok: true; value: Omit<MigratedRecords, 'userId'> }
  | { ok: false; status: number; message: string }
> {
  const { services } = ctx;
  const dogsAndSubscription = async () => {
    const dogs = await allEnded(
      plan.dogs.map((dog) =>
        outcome(`Importing ${dog.dog.name}`, () =>
          services.dogs.importDog({
            body: {
              userId,
              legacyPetId: dog.legacyPetId,
              dog: dog.dog,
              mealProductIds: dog.mealProductIds,
            },
          }),
        ),
      ),
    );
    const failed = dogs.findIndex((d) => !d.ok);
    if (failed >= 0) {
      const dog = plan.dogs[failed]!;
      return refused(
        dogs[failed] as { status: number; message: string },
        `${dog.dog.name} (legacy pet ${dog.legacyPetId})`,
      );
    }
    const dogIds = dogs.map((d) => (d.ok ? d.value.identifier : ''));
    if (!plan.subscription) return { ok: true as const, dogIds, subscriptionId: null };
    const sub = plan.subscription;
    const animalIds = new Map(plan.dogs.map((d, i) => [d.legacyPetId, dogIds[i]!]));
    const imported = await outcome('Importing the subscription', () =>
      services.subscription.importSubscription({
        body: {
          userId,
          status: sub.status,
          legacySubscriptionId: sub.legacySubscriptionId,
          cadenceInWeeks: sub.cadenceInWeeks,
          preferredDeliverySlotId: sub.preferredDeliverySlotId,
          createdBy: MIGRATION_ACTOR,
          feedingPlans: plan.dogs.flatMap((d) =>
            d.feeding
              ? [
                  {
                    animalId: animalIds.get(d.legacyPetId)!,
                    type: sub.type,
                    status: 'active' as const,
                    startOrderIndex: 0,
                    currentDailyServingSizeInGrams: d.feeding.grams,
                    skus: d.feeding.skus,
                  },
                ]
              : [],
          ),
          extras: [],
          discounts: [],
        },
      }),
    );
    if (!imported.ok) return imported;
    return { ok: true as const, dogIds, subscriptionId: imported.value.id };
  };
  const providerCustomerId = plan.providerCustomerId;
  const payment = () =>
    providerCustomerId
      ? outcome('Importing the payment customer', () =>
          services.payment.migrateCustomer({
            body: { userId, providerCustomerId, createdBy: MIGRATION_ACTOR },
          }),
        )
      : Promise.resolve({ ok: true as const, value: null });
  const past = plan.pastOrders;
  const orders = () =>
    past
      ? outcome('Importing the past orders', () =>
          services.order.importLegacyOrders({
            body: { userId, ...past, createdBy: MIGRATION_ACTOR },
          }),
        )
      : Promise.resolve({ ok: true as const, value: { items: [] } });
  // Every part is tried to the end (each may have made something to undo), the first refusal told.
  const [a, b, c] = await allEnded<
    [
      Awaited<ReturnType<typeof dogsAndSubscription>>,
      Awaited<ReturnType<typeof payment>>,
      Awaited<ReturnType<typeof orders>>,
    ]
  >([dogsAndSubscription(), payment(), orders()]);
  if (!a.ok) return a;
  if (!b.ok) return b;
  if (!c.ok) return c;
  return {
    ok: true,
    value: {
      dogIds: a.dogIds,
      subscriptionId: a.subscriptionId,
      paymentCustomerId: b.value?.id ?? null,
      orderIds: c.value.items.map((i) => i.orderId),
    },
  };
}

/**
 * The imports of one planned customer: the user first, then what the user owns; then the customer
 * is marked migrated.
 */
export async function importAll(
  ctx: WorkflowContext,
  plan: MigrationPlan,
  made: MigratedRecords,
  attempted: Set<Part>,
): Promise<Outcome<undefined>> {
  attempted.add('user');
  const user = await ctx.step('import-user', () =>
    outcome('Importing the user', () => ctx.services.identity.importUser({ body: plan.user })),
  );
  if (!user.ok) return user;
  made.userId = user.value.id;
  if (plan.dogs.length) attempted.add('dogs');
  if (plan.subscription) attempted.add('subscription');
  if (plan.providerCustomerId) attempted.add('paymentCustomer');
  if (plan.pastOrders) attempted.add('pastOrders');
  // The customer is marked migrated in the same step as the last imports: one checkpoint less.
  const records = await ctx.step('import-records-and-mark', async () => {
    const imported = await importRecords(ctx, plan, made.userId!);
    if (imported.ok) {
      await putStatus(ctx, plan.legacyId, { status: 'migrated', migratedUserId: made.userId });
    }
    return imported;
  });
  if (!records.ok) return records;
  Object.assign(made, records.value);
  return { ok: true, value: undefined };
}
