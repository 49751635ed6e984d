import { pathText, type InputProblem } from '@pawfresh/kit';
import type {
  ExtraType,
  FeedingPlanStatus,
  FeedingPlanType,
  UpdateSubscriptionInput,
} from '@pawfresh/contracts/subscription';
import type { FeedingPlanSpec } from './feeding-plan-sizing.js';
import { inConflict, notThere, type Refusal } from './refusal.js';
import { feedingPlanTransition } from './status-transitions.js';

type PlanChange = NonNullable<UpdateSubscriptionInput['feedingPlans']>[number];
type ExtraChange = NonNullable<UpdateSubscriptionInput['extras']>[number];

/** What merging a PATCH needs of a feeding plan already on the subscription. */
export interface CurrentPlan {
  id: string;
  version: number;
  status: FeedingPlanStatus;
  animalId: string;
  type: FeedingPlanType;
  startOrderIndex: number;
  dailyServingSizeGrams: number;
  skus: readonly { productVariantId: string; ratio: number }[];
}

/** A feeding plan as it will be after the PATCH: changed, kept (to be re-priced), or new. */
export interface PlanDraft<P extends CurrentPlan> {
  existing?: P;
  id: string;
  status: FeedingPlanStatus;
  startOrderIndex: number;
  spec: FeedingPlanSpec;
  /** Its meals were sent, so each must still be on the menu. */
  requireActive: boolean;
}

export interface NewDog {
  path: (string | number)[];
  animalId: string;
}

/**
 * The feeding plans after a PATCH (docs/subscriptions.md "Versions", "Feeding plans"): plans sent
 * with an id change (at the version the caller read, staying with their dog); plans sent without
 * one join, complete and for a dog without a plan; the others are kept as they are.
 */
export function mergeFeedingPlanChanges<P extends CurrentPlan>(
  current: readonly P[],
  changes: readonly PlanChange[],
  subscriptionId: string,
  newId: () => string,
): { drafts: PlanDraft<P>[]; newDogs: NewDog[]; problems: InputProblem[] } | Refusal {
  const problems: InputProblem[] = [];
  const newDogs: NewDog[] = [];
  const drafts: PlanDraft<P>[] = current.map((p) => ({
    existing: p,
    id: p.id,
    status: p.status,
    startOrderIndex: p.startOrderIndex,
    requireActive: false,
    spec: {
      path: ['feedingPlans', p.id],
      animalId: p.animalId,
      type: p.type,
      dailyServingSizeGrams: p.dailyServingSizeGrams,
      skus: p.skus.map((s) => ({ productVariantId: s.productVariantId, ratio: s.ratio })),
    },
  }));
  for (const [i, item] of changes.entries()) {
    const path = ['feedingPlans', i];
    if (item.id !== undefined) {
      const draft = drafts.find((d) => d.id === item.id);
      if (!draft?.existing) {
        return notThere(`Feeding plan ${item.id} is not on subscription ${subscriptionId}`);
      }
      if (draft.existing.version !== item.version) {
        return inConflict(
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
      if (item.isEligible !== undefined && item.isEligible !== (draft.status !== 'ineligible')) {
        const t = feedingPlanTransition(
          draft.status,
          item.isEligible ? 'makeEligible' : 'makeIneligible',
        );
        if (!t.ok) return inConflict(t.message);
        draft.status = t.to;
      }
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
      continue;
    }
    const { animalId, type, currentDailyServingSizeInGrams, skus } = item;
    if (
      animalId === undefined ||
      type === undefined ||
      currentDailyServingSizeInGrams === undefined ||
      skus === undefined
    ) {
      const missing = (
        ['animalId', 'type', 'currentDailyServingSizeInGrams', 'skus'] as const
      ).filter((field) => item[field] === undefined);
      problems.push({
        path,
        code: 'new_plan_incomplete',
        message: `${pathText(path)}: a new feeding plan needs ${missing.join(', ')}`,
      });
      continue;
    }
    if (drafts.some((d) => d.spec.animalId === animalId)) {
      return inConflict(
        `${pathText([...path, 'animalId'])}: this dog already has a feeding plan on the subscription; change that plan instead`,
      );
    }
    newDogs.push({ path, animalId });
    drafts.push({
      id: newId(),
      status: item.isEligible === false ? 'ineligible' : 'active',
      startOrderIndex: item.startOrderIndex ?? 0,
      requireActive: true,
      spec: { path, animalId, type, dailyServingSizeGrams: currentDailyServingSizeInGrams, skus },
    });
  }
  return { drafts, newDogs, problems };
}

/** What merging a PATCH needs of an extra already on the subscription. */
export interface CurrentExtra {
  id: string;
  version: number;
  productVariantId: string;
  type: ExtraType;
  startOrderIndex: number;
  nthOrder: number;
  quantity: number;
  price: number;
  cancelledAt: Date | null;
}

/** An extra as it will be after the PATCH; `price` is open until the catalogue is checked. */
export interface ExtraDraft extends Omit<CurrentExtra, 'price' | 'cancelledAt'> {
  isNew: boolean;
  price: number | undefined;
  path: (string | number)[];
  /** A new extra, or one whose product changed: checked against the catalogue. */
  checkCatalogue: boolean;
}

/**
 * The extras a PATCH changes or adds: those sent with an id change (at the version the caller
 * read; a cancelled extra stays cancelled), those without join and need a product and a type.
 */
export function mergeExtraChanges(
  current: readonly CurrentExtra[],
  changes: readonly ExtraChange[],
  subscriptionId: string,
  newId: () => string,
): { drafts: ExtraDraft[]; problems: InputProblem[] } | Refusal {
  const problems: InputProblem[] = [];
  const drafts: ExtraDraft[] = [];
  for (const [i, item] of changes.entries()) {
    const path = ['extras', i];
    if (item.id !== undefined) {
      const existing = current.find((e) => e.id === item.id);
      if (!existing) return notThere(`Extra ${item.id} is not on subscription ${subscriptionId}`);
      if (existing.version !== item.version) {
        return inConflict(
          `Extra ${item.id} has changed since version ${item.version} (it is now version ${existing.version}): reload the subscription and try again`,
        );
      }
      if (existing.cancelledAt) {
        return inConflict(`Extra ${item.id} was cancelled: add it again as a new extra instead`);
      }
      const productChanged =
        (item.productVariantId !== undefined &&
          item.productVariantId !== existing.productVariantId) ||
        (item.type !== undefined && item.type !== existing.type);
      drafts.push({
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
      continue;
    }
    const { productVariantId, type } = item;
    if (productVariantId === undefined || type === undefined) {
      const missing = (['productVariantId', 'type'] as const).filter((f) => item[f] === undefined);
      problems.push({
        path,
        code: 'new_extra_incomplete',
        message: `${pathText(path)}: a new extra needs ${missing.join(' and ')}`,
      });
      continue;
    }
    drafts.push({
      id: newId(),
      isNew: true,
      version: 1,
      productVariantId,
      type,
      startOrderIndex: item.startOrderIndex ?? 0,
      nthOrder: item.nthOrder ?? 1,
      quantity: item.quantity ?? 1,
      price: item.price,
      path,
      checkCatalogue: true,
    });
  }
  return { drafts, problems };
}
