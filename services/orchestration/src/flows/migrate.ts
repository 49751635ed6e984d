import { DBOS } from '@dbos-inc/dbos-sdk';
import { conflict, HttpError, ServiceCallError, upstream } from '@pawfresh/kit';
import type { LegacyUserData } from '@pawfresh/contracts/legacy';
import type {
  MigratedRecords,
  MigrateResult,
  RevertMigrateResult,
} from '@pawfresh/contracts/orchestration-migration';
import {
  planMigration,
  type MigrationCatalogue,
  type MigrationPlan,
} from '../rules/legacy-migration.js';
import type { WorkflowContext } from './context.js';

/** Who the migration records as the author of what it imports. */
export const MIGRATION_ACTOR = 'legacy-migration';

/**
 * A call to another service inside a step: its answer, or the refusal it gave (4xx) as a value,
 * so the workflow can undo what it made and record why. A failure on the other side (5xx, no
 * answer) is thrown as the kit's 502; the workflow treats it the same, after the engine stored it.
 */
type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

async function outcome<T>(what: string, call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await upstream(what, call) };
  } catch (err) {
    if (err instanceof ServiceCallError && err.status >= 400 && err.status < 500) {
      return {
        ok: false,
        status: err.status,
        message: ServiceCallError.describe(err.body) ?? `${what} was refused`,
      };
    }
    throw err;
  }
}

const messageOf = (err: unknown) =>
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

const nothing = (): MigratedRecords => ({
  userId: null,
  dogIds: [],
  subscriptionId: null,
  paymentCustomerId: null,
});

/** Reads the legacy user (404 in our words when the exporter has no such e-mail). */
async function readLegacyUser(ctx: WorkflowContext, email: string): Promise<LegacyUserData> {
  return ctx.step('read-legacy-user', async () => {
    const read = await outcome('Reading the legacy user', () =>
      ctx.services.legacy.getLegacyUserData({ body: { email } }),
    );
    if (!read.ok) throw new HttpError(read.status, read.message);
    return read.value;
  });
}

/** Records the user's migration status; a status the caller did not expect is a 409. */
async function setStatus(
  ctx: WorkflowContext,
  name: string,
  legacyId: number,
  body: Parameters<WorkflowContext['services']['legacy']['setMigrationStatus']>[0]['body'],
) {
  return ctx.step(name, async () => {
    const set = await outcome('Recording the migration status', () =>
      ctx.services.legacy.setMigrationStatus({ params: { legacyId }, body }),
    );
    if (!set.ok) throw new HttpError(set.status, set.message, { type: 'conflict' });
    return set.value;
  });
}

type Part = 'paymentCustomer' | 'subscription' | 'dogs' | 'user';

/**
 * Undoes what a migration made, newest first: payment customer, subscription, dogs, user. Each
 * revert is idempotent (what is already gone is a 404 and fine), so a retried undo is safe.
 * `attempted` limits it to the parts a failed migration tried to make (a part whose import failed
 * on the other side may still have been made); a revert undoes every part.
 */
async function undo(
  ctx: WorkflowContext,
  userId: string,
  prefix: string,
  attempted?: ReadonlySet<Part>,
): Promise<void> {
  const { services } = ctx;
  const parts: [Part, string, () => Promise<unknown>][] = [
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
    await ctx.step(`${prefix}-${what.replace(' ', '-')}`, async () => {
      const o = await outcome(`Removing the ${what}`, call);
      if (!o.ok && o.status !== 404) throw conflict(`The ${what} cannot be removed: ${o.message}`);
    });
  }
}

/** The imports of one planned customer, each idempotent by its legacy id. */
async function importAll(
  ctx: WorkflowContext,
  plan: MigrationPlan,
  made: MigratedRecords,
  attempted: Set<Part>,
): Promise<Outcome<undefined>> {
  const { services } = ctx;
  if (plan.needsDelivery && plan.user.address) {
    const { postCode, suburb } = plan.user.address;
    const check = await ctx.step('check-delivery', () =>
      outcome('Checking delivery coverage', () =>
        services.courier.checkServiceability({ body: { postcode: postCode, suburb } }),
      ),
    );
    if (!check.ok) return check;
    if (!check.value.serviceable) {
      return {
        ok: false,
        status: 400,
        message: `Legacy user ${plan.legacyId} (${plan.user.email}) lives at ${suburb} ${postCode}, where the courier does not deliver: ask the customer for an address in delivery coverage, or cancel their plan in the legacy system`,
      };
    }
  }

  attempted.add('user');
  const user = await ctx.step('import-user', () =>
    outcome('Importing the user', () => services.identity.importUser({ body: plan.user })),
  );
  if (!user.ok) return user;
  made.userId = user.value.id;
  const userId = user.value.id;

  const animalIds = new Map<number, string>();
  for (const dog of plan.dogs) {
    attempted.add('dogs');
    const imported = await ctx.step(`import-dog-${dog.legacyPetId}`, () =>
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
    );
    if (!imported.ok) {
      return {
        ...imported,
        message: `${dog.dog.name} (legacy pet ${dog.legacyPetId}): ${imported.message}`,
      };
    }
    made.dogIds.push(imported.value.identifier);
    animalIds.set(dog.legacyPetId, imported.value.identifier);
  }

  if (plan.subscription) {
    const sub = plan.subscription;
    const feedingPlans = plan.dogs.flatMap((d) =>
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
    );
    attempted.add('subscription');
    const imported = await ctx.step('import-subscription', () =>
      outcome('Importing the subscription', () =>
        services.subscription.importSubscription({
          body: {
            userId,
            status: sub.status,
            legacySubscriptionId: sub.legacySubscriptionId,
            cadenceInWeeks: sub.cadenceInWeeks,
            preferredDeliverySlotId: sub.preferredDeliverySlotId,
            createdBy: MIGRATION_ACTOR,
            feedingPlans,
            extras: [],
            discounts: [],
          },
        }),
      ),
    );
    if (!imported.ok) return imported;
    made.subscriptionId = imported.value.id;
  }

  if (plan.providerCustomerId) {
    const providerCustomerId = plan.providerCustomerId;
    attempted.add('paymentCustomer');
    const imported = await ctx.step('import-payment-customer', () =>
      outcome('Importing the payment customer', () =>
        services.payment.migrateCustomer({
          body: { userId, providerCustomerId, createdBy: MIGRATION_ACTOR },
        }),
      ),
    );
    if (!imported.ok) return imported;
    made.paymentCustomerId = imported.value.id;
  }
  return { ok: true, value: undefined };
}

/**
 * migrate: one legacy customer into identity, dogs, subscription and payment
 * (docs/migration.md). The customer is claimed first (migrating), so two runs never migrate the
 * same customer; data that cannot be migrated, or a refusal by a service, ends the customer in
 * `error` with the reason, after undoing whatever was already made.
 */
export const migrate =
  (ctx: WorkflowContext) =>
  async ({ email }: { email: string }): Promise<Omit<MigrateResult, 'workflowId'>> => {
    const data = await readLegacyUser(ctx, email);
    const legacyId = data.user.legacyId;
    const base = { legacyId, email: data.user.email };
    await setStatus(ctx, 'claim', legacyId, {
      status: 'migrating',
      expectedStatus: ['unmigrated', 'queued', 'error'],
      workflowId: DBOS.workflowID!,
    });
    const catalogue = await ctx.step('read-catalogue', () => readCatalogue(ctx));
    const planned = planMigration(data, catalogue);
    const attempted = new Set<Part>();
    const fail = async (reason: string, made: MigratedRecords) => {
      let left: string | null = null;
      if (made.userId) {
        try {
          await undo(ctx, made.userId, 'undo', attempted);
        } catch (err) {
          // What could not be undone stays recorded with the user, for revert-migrate.
          left = made.userId;
          reason = `${reason}; undoing it failed too (${messageOf(err)}): run revert-migrate`;
        }
      }
      await setStatus(ctx, 'mark-error', legacyId, {
        status: 'error',
        error: reason.slice(0, 2000),
        migratedUserId: left,
      });
      return {
        ...base,
        migrationStatus: 'error' as const,
        error: reason,
        created: nothing(),
        notes: [],
      };
    };
    if ('problems' in planned) return fail(planned.problems.join('; '), nothing());

    const made = nothing();
    let result: Outcome<undefined>;
    try {
      result = await importAll(ctx, planned.plan, made, attempted);
    } catch (err) {
      result = { ok: false, status: 502, message: messageOf(err) };
    }
    if (!result.ok) return fail(result.message, made);

    await setStatus(ctx, 'mark-migrated', legacyId, {
      status: 'migrated',
      migratedUserId: made.userId,
    });
    return {
      ...base,
      migrationStatus: 'migrated',
      error: null,
      created: made,
      notes: planned.plan.notes,
    };
  };

/**
 * revert-migrate: removes what migrate made for the customer (payment customer, subscription,
 * imported dogs, user) and sets them back to unmigrated. Only a migrated customer, or one left in
 * error, can be reverted.
 */
export const revertMigrate =
  (ctx: WorkflowContext) =>
  async ({ email }: { email: string }): Promise<Omit<RevertMigrateResult, 'workflowId'>> => {
    const data = await readLegacyUser(ctx, email);
    const legacyId = data.user.legacyId;
    const userId = data.user.migratedUserId;
    await setStatus(ctx, 'claim', legacyId, {
      status: 'migrating',
      expectedStatus: ['migrated', 'error'],
      workflowId: DBOS.workflowID!,
    });
    const removed = nothing();
    if (userId) {
      const found = await ctx.step('read-made', async () => {
        const subs = await upstream('Reading the subscription', () =>
          ctx.services.subscription.listSubscriptions({ query: { userId } }),
        );
        const dogs = await upstream('Reading the dogs', () =>
          ctx.services.dogs.listDogs({ query: { userId } }),
        );
        const customer = await outcome('Reading the payment customer', () =>
          ctx.services.payment.getCustomer({ params: { userId } }),
        );
        return {
          subscriptionId: subs[0]?.id ?? null,
          dogIds: dogs.map((d) => d.identifier),
          paymentCustomerId: customer.ok ? customer.value.id : null,
        };
      });
      try {
        await undo(ctx, userId, 'remove');
      } catch (err) {
        await setStatus(ctx, 'mark-error', legacyId, {
          status: 'error',
          error: `Reverting failed: ${messageOf(err)}; fix that, then run revert-migrate again`,
        });
        throw err;
      }
      Object.assign(removed, { userId, ...found });
    }
    await setStatus(ctx, 'mark-unmigrated', legacyId, { status: 'unmigrated' });
    return { legacyId, email: data.user.email, migrationStatus: 'unmigrated', removed };
  };
