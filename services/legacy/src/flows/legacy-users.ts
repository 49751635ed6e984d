import { conflict, notFound } from '@pawfresh/kit';
import type {
  LegacyUser,
  LegacyUserData,
  LegacyUserEmailsQuery,
  LegacyUserPage,
  SetMigrationStatusInput,
} from '@pawfresh/contracts/legacy';
import {
  idsWithStatus,
  idsWithStatusOtherThan,
  lockState,
  releaseQueued,
  saveState,
  statesOf,
} from '../db/migration-state-store.js';
import { mayMove, pickByEmail, toLegacyUser, UNMIGRATED } from '../rules/legacy-user.js';
import type { LegacyContext } from './context.js';

/** GET /legacy-user-emails: a page of legacy users with their migration status. */
export async function listLegacyUserEmails(
  { source, db }: LegacyContext,
  query: LegacyUserEmailsQuery,
): Promise<LegacyUserPage> {
  const status = query.migrationStatus;
  const onlyIds =
    status === undefined || status === 'unmigrated' ? undefined : await idsWithStatus(db, status);
  const exceptIds =
    status === 'unmigrated' ? await idsWithStatusOtherThan(db, 'unmigrated') : undefined;
  const { rows, total } = await source.listUsers({
    cohort: query.cohort,
    onlyIds,
    exceptIds,
    orderBy: query.orderBy,
    direction: query.direction,
    offset: query.offset,
    limit: query.limit,
  });
  const states = await statesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toLegacyUser(r, states.get(r.id) ?? UNMIGRATED)),
    meta: { total, offset: query.offset, limit: query.limit },
  };
}

/** POST /get-legacy-user-data: everything the legacy system holds about one user. */
export async function getLegacyUserData(
  { source, db }: LegacyContext,
  email: string,
): Promise<LegacyUserData> {
  const matches = await source.findUsersByEmail(email);
  const { user, ambiguous } = pickByEmail(email, matches);
  if (ambiguous) {
    throw conflict(
      `E-mail ${email} matches ${matches.length} legacy users whose e-mails differ only in case (${matches
        .map((m) => `${m.email}: legacy id ${m.id}`)
        .join(', ')}): ask with one of them exactly`,
    );
  }
  if (!user) throw notFound(`Legacy user with e-mail ${email} not found`);
  const [records, states] = await Promise.all([source.recordsOf(user.id), statesOf(db, [user.id])]);
  const state = states.get(user.id) ?? UNMIGRATED;
  const itemsOf = (orderId: number) =>
    records.orderItems
      .filter((i) => i.orderId === orderId)
      .map(({ recipe, pouches, priceCents }) => ({ recipe, pouches, priceCents }));
  return {
    user: {
      ...toLegacyUser(user, state),
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      createdAt: user.createdAt,
    },
    address: records.address
      ? {
          line1: records.address.line1,
          line2: records.address.line2,
          suburb: records.address.suburb,
          state: records.address.state,
          postcode: records.address.postcode,
          deliveryInstructions: records.address.deliveryInstructions,
        }
      : null,
    pets: records.pets.map((p) => ({
      id: p.id,
      name: p.name,
      breed: p.breed,
      gender: p.gender,
      isNeutered: p.neutered,
      dateOfBirth: p.dateOfBirth,
      weightKg: p.weightKg,
      activityLevel: p.activityLevel,
      bodyCondition: p.bodyCondition,
      dailyServingGrams: p.dailyServingGrams,
      recipes: (p.recipes ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    })),
    subscription: records.subscription
      ? {
          id: records.subscription.id,
          status: records.subscription.status,
          plan: records.subscription.plan,
          cadence: records.subscription.cadence,
          deliverySlot: records.subscription.deliverySlot,
          pausedUntil: records.subscription.pausedUntil,
          cancelledAt: records.subscription.cancelledAt,
          createdAt: records.subscription.createdAt,
        }
      : null,
    orders: records.orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      deliveredOn: o.deliveredOn,
      totalCents: o.totalCents,
      items: itemsOf(o.id),
    })),
  };
}

/**
 * PUT /legacy-users/{legacyId}/migration-status: records where the user's migration stands. With
 * `expectedStatus`, only from one of those statuses (409 otherwise), so a customer is claimed once.
 */
export async function setMigrationStatus(
  { source, db, clock }: LegacyContext,
  legacyId: number,
  input: SetMigrationStatusInput,
): Promise<LegacyUser> {
  const user = await source.findUser(legacyId);
  if (!user) throw notFound(`Legacy user ${legacyId} not found`);
  const saved = await db.transaction(async (tx) => {
    const state = await lockState(tx, legacyId, clock.now());
    // The same change by the same workflow again (a step retried after a crash) is no conflict.
    const retried =
      input.workflowId != null &&
      state.workflowId === input.workflowId &&
      state.status === input.status;
    if (!retried && !mayMove(state.status, input.expectedStatus)) {
      throw conflict(
        `Legacy user ${legacyId} is ${state.status}, not ${input.expectedStatus!.join(' or ')}`,
        { migrationStatus: state.status, workflowId: state.workflowId },
      );
    }
    const next = {
      ...state,
      status: input.status,
      error: input.status === 'error' ? (input.error ?? 'The migration failed') : null,
      migratedUserId:
        input.migratedUserId === undefined ? state.migratedUserId : input.migratedUserId,
      workflowId: input.workflowId === undefined ? state.workflowId : input.workflowId,
      updatedAt: clock.now(),
    };
    if (input.status === 'unmigrated') next.migratedUserId = null;
    await saveState(tx, next);
    return next;
  });
  return toLegacyUser(user, saved);
}

/**
 * POST /legacy-users/release-queued: the customers a cancelled bulk run still holds as `queued`
 * become `unmigrated` again (docs/migration.md "Cancelling a bulk run").
 */
export async function releaseQueuedCustomers(
  { db, clock }: LegacyContext,
  workflowId: string,
): Promise<{ released: number }> {
  return { released: await releaseQueued(db, workflowId, clock.now()) };
}
