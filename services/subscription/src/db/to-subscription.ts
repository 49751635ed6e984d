import { iso, isoOrNull } from '@pawfresh/db';
import type { Subscription } from '@pawfresh/contracts/subscription';
import type { SubscriptionAggregate } from './subscription-store.js';

export interface ListFlags {
  includeIneligiblePlans: boolean;
  includeRemovedExtras: boolean;
}

/** Mutations answer with the whole subscription: ineligible plans and cancelled extras too. */
export const EVERYTHING: ListFlags = { includeIneligiblePlans: true, includeRemovedExtras: true };

/** The contract's shape; ineligible plans and cancelled extras only when asked for. */
export function toSubscription(aggregate: SubscriptionAggregate, flags: ListFlags): Subscription {
  const { row } = aggregate;
  const reasons = [
    { id: row.primaryCancelReasonId, isPrimary: true },
    { id: row.secondaryCancelReasonId, isPrimary: false },
  ].flatMap(({ id, isPrimary }) => {
    const reason = aggregate.reasons.find((r) => r.id === id);
    return reason
      ? [
          {
            cancelReasonId: reason.id,
            slug: reason.slug,
            description: reason.description,
            isPrimary,
          },
        ]
      : [];
  });
  return {
    id: row.id,
    status: row.status,
    userId: row.userId,
    preferredDeliverySlotId: row.preferredDeliverySlotId,
    cadenceInWeeks: row.cadenceInWeeks,
    feedingPlanTotalPrice: row.feedingPlanTotalPrice,
    feedingPlanTotalPouches: row.feedingPlanTotalPouches,
    lastProcessedOrderIndex: row.lastProcessedOrderIndex,
    note: row.note,
    startAt: isoOrNull(row.startAt),
    pauseAt: isoOrNull(row.pauseAt),
    resumeAt: isoOrNull(row.resumeAt),
    cancelledAt: isoOrNull(row.cancelledAt),
    cancelledBy: row.cancelledBy,
    cancelledByAdmin: row.cancelledByAdmin,
    cancellationReasons: reasons,
    otherCancelReason: row.otherCancelReason,
    extras: aggregate.extras
      .filter((e) => flags.includeRemovedExtras || e.cancelledAt === null)
      .map((e) => ({
        id: e.id,
        version: e.version,
        productVariantId: e.productVariantId,
        type: e.type,
        startOrderIndex: e.startOrderIndex,
        nthOrder: e.nthOrder,
        quantity: e.quantity,
        price: e.price,
        cancelledAt: isoOrNull(e.cancelledAt),
        cancelReasonId: e.cancelReasonId,
        cancelNotes: e.cancelNotes,
        cancelledBy: e.cancelledBy,
        createdAt: iso(e.createdAt),
        updatedAt: iso(e.updatedAt),
      })),
    feedingPlans: aggregate.plans
      .filter((p) => flags.includeIneligiblePlans || p.status !== 'ineligible')
      .map((p) => ({
        id: p.id,
        version: p.version,
        status: p.status,
        isEligible: p.status !== 'ineligible',
        startOrderIndex: p.startOrderIndex,
        type: p.type,
        animalId: p.animalId,
        servingSize: p.servingSize as Subscription['feedingPlans'][number]['servingSize'],
        currentDailyServingSizeInGrams: p.dailyServingSizeGrams,
        currentPouchSizeInGrams: p.pouchSizeGrams,
        pouchesPerDay: p.pouchesPerDay,
        totalPouches: p.totalPouches,
        totalPrice: p.totalPrice,
        dailyPrice: p.dailyPrice,
        skus: p.skus.map((s) => ({
          productVariantId: s.productVariantId,
          productId: s.productId,
          sku: s.sku,
          ratio: s.ratio,
          pouches: s.pouches,
          price: s.price,
        })),
        pausedAt: isoOrNull(p.pausedAt),
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      })),
    discounts: aggregate.discounts.map((d) => ({
      id: d.id,
      discountId: d.discountId,
      orderStartIndex: d.orderStartIndex,
      orderQuantity: d.orderQuantity,
      createdAt: iso(d.createdAt),
    })),
    legacySubscriptionId: row.legacySubscriptionId,
    migratedAt: isoOrNull(row.migratedAt),
    version: row.version,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
