import { describe, expect, it } from 'vitest';
import { hasAnActivePlan, NEEDS_AN_ACTIVE_PLAN } from '../src/rules/active-plan.js';
import { cancelReasonProblems, reasonFitsExtra } from '../src/rules/cancel-reasons.js';
import type { Catalogue, CatalogueMeal, CatalogueVariant } from '../src/rules/catalogue.js';
import { checkExtra, EXTRA_PRODUCT_TYPES } from '../src/rules/extras.js';
import { duplicateDiscountProblems, duplicateDogProblems } from '../src/rules/new-subscription.js';
import { orderIndexProblem, statusViaPatch } from '../src/rules/patch-status.js';
import { chooseMeals, RECOMMENDED_MEALS } from '../src/rules/recommended-meals.js';
import { isRefusal } from '../src/rules/refusal.js';
import { resumeDateProblem } from '../src/rules/resume-date.js';
import {
  mergeExtraChanges,
  mergeFeedingPlanChanges,
  type CurrentPlan,
} from '../src/rules/subscription-changes.js';

const variant = (id: string, over: Partial<CatalogueVariant> = {}): CatalogueVariant => ({
  id,
  productId: `p-${id}`,
  productType: 'treat',
  productName: `Product ${id}`,
  sku: `SKU-${id}`,
  basePrice: 1200,
  weightGrams: 500,
  active: true,
  ...over,
});
const meal = (id: string, over: Partial<CatalogueMeal> = {}): CatalogueMeal => ({
  productId: id,
  name: `Meal ${id}`,
  meal: id,
  kcalPer100g: 120,
  pricePer100g: 300,
  active: true,
  variants: [variant(`${id}-500`, { productId: id, productType: 'meal' })],
  ...over,
});
const catalogueOf = (meals: CatalogueMeal[], variants: CatalogueVariant[] = []): Catalogue => ({
  meals: new Map(meals.map((m) => [m.productId, m])),
  variants: new Map(variants.map((v) => [v.id, v])),
});
const recommendation = (id: string, type: string) => ({
  id,
  recommendation: { recommendationType: type },
});

describe('chooseMeals', () => {
  const catalogue = catalogueOf([
    meal('turkey'),
    meal('goat'),
    meal('beef'),
    meal('gone', { active: false }),
    meal('empty', { variants: [] }),
  ]);

  it('takes recommended meals first, then neutral ones, in the order given', () => {
    const chosen = chooseMeals(
      [
        recommendation('beef', 'neutral'),
        recommendation('goat', 'recommended'),
        recommendation('turkey', 'recommended'),
      ] as never,
      catalogue,
    );
    expect(chosen.map((m) => m.productId)).toEqual(['goat', 'turkey']);
    expect(RECOMMENDED_MEALS).toBe(2);
  });

  it('never takes not-recommended or blocked meals, nor meals off the menu or without pouches', () => {
    const chosen = chooseMeals(
      [
        recommendation('turkey', 'not_recommended'),
        recommendation('goat', 'blocked'),
        recommendation('gone', 'recommended'),
        recommendation('empty', 'recommended'),
        recommendation('unknown', 'recommended'),
        recommendation('beef', 'neutral'),
      ] as never,
      catalogue,
      5,
    );
    expect(chosen.map((m) => m.productId)).toEqual(['beef']);
  });
});

describe('checkExtra and EXTRA_PRODUCT_TYPES', () => {
  const catalogue = catalogueOf(
    [],
    [
      variant('treat'),
      variant('toy', { productType: 'toy' }),
      variant('old', { active: false, productType: 'supplement' }),
    ],
  );

  it('lets misc extras hold collateral and toys, every other type its own product type', () => {
    expect(EXTRA_PRODUCT_TYPES.misc).toEqual(['collateral', 'toy']);
    expect(
      checkExtra({ path: ['extras', 0], productVariantId: 'toy', type: 'misc' }, catalogue),
    ).toEqual({ price: 1200, problems: [] });
    const wrong = checkExtra(
      { path: ['extras', 1], productVariantId: 'toy', type: 'treat' },
      catalogue,
    );
    expect(wrong.problems.map((p) => p.code)).toEqual(['extra_type']);
    expect(wrong.problems[0]!.message).toContain('extras[1].type');
  });

  it('answers the price given before the variant price, and refuses unknown or unsold variants', () => {
    expect(
      checkExtra({ path: [], productVariantId: 'treat', type: 'treat', price: 5 }, catalogue).price,
    ).toBe(5);
    expect(
      checkExtra({ path: ['extras', 0], productVariantId: 'nope', type: 'treat' }, catalogue),
    ).toEqual({
      price: undefined,
      problems: [
        {
          path: ['extras', 0, 'productVariantId'],
          code: 'unknown_variant',
          message: 'extras[0].productVariantId is not a product in the catalogue',
        },
      ],
    });
    const old = checkExtra({ path: [], productVariantId: 'old', type: 'supplement' }, catalogue);
    expect(old.problems.map((p) => p.code)).toEqual(['not_sold']);
  });
});

describe('the cancel-reason hierarchy', () => {
  const top = { id: 'top', parentId: null, contexts: ['subscription' as const] };
  const child = { id: 'child', parentId: 'top', contexts: ['subscription' as const] };
  const treatOnly = { id: 'treats', parentId: null, contexts: ['treat' as const] };
  const codes = (...args: Parameters<typeof cancelReasonProblems>) =>
    cancelReasonProblems(...args).map((p) => p.code);

  it('takes a top-level subscription reason with one of its children, or none at all', () => {
    expect(codes({}, undefined, undefined)).toEqual([]);
    expect(codes({ primaryCancelReasonId: 'top' }, top, undefined)).toEqual([]);
    expect(
      codes({ primaryCancelReasonId: 'top', secondaryCancelReasonId: 'child' }, top, child),
    ).toEqual([]);
  });

  it('refuses unknown, child or other-context primaries and unrelated secondaries', () => {
    expect(codes({ primaryCancelReasonId: 'x' }, undefined, undefined)).toEqual(['unknown_reason']);
    expect(codes({ primaryCancelReasonId: 'treats' }, treatOnly, undefined)).toEqual([
      'unknown_reason',
    ]);
    expect(codes({ primaryCancelReasonId: 'child' }, child, undefined)).toEqual(['child_reason']);
    expect(codes({ secondaryCancelReasonId: 'child' }, undefined, child)).toEqual([
      'secondary_without_primary',
    ]);
    expect(
      codes(
        { primaryCancelReasonId: 'treats', secondaryCancelReasonId: 'child' },
        treatOnly,
        child,
      ),
    ).toEqual(['unknown_reason', 'not_a_child_reason']);
  });

  it('fits a treat or supplement extra only with a reason of its context; others any reason', () => {
    expect(reasonFitsExtra(treatOnly, 'treat')).toBe(true);
    expect(reasonFitsExtra(top, 'treat')).toBe(false);
    expect(reasonFitsExtra(top, 'supplement')).toBe(false);
    expect(reasonFitsExtra(top, 'bundle')).toBe(true);
    expect(reasonFitsExtra(undefined, 'misc')).toBe(false);
  });
});

describe('a PATCH', () => {
  it('only activates a draft, and names the call for every other status change', () => {
    expect(statusViaPatch({ id: 's', status: 'draft' }, 'active')).toEqual({
      ok: true,
      status: 'active',
    });
    expect(statusViaPatch({ id: 's', status: 'paused' }, 'paused')).toEqual({
      ok: true,
      status: 'paused',
    });
    expect(statusViaPatch({ id: 's', status: 'active' }, 'draft')).toEqual({
      ok: false,
      message: 'A subscription cannot go back to draft',
    });
    const pause = statusViaPatch({ id: 's', status: 'active' }, 'paused');
    expect(pause.ok || pause.message).toContain('Use POST /subscriptions/s/pause');
    const reactivate = statusViaPatch({ id: 's', status: 'cancelled' }, 'active');
    expect(reactivate.ok || reactivate.message).toContain('/reactivate');
    const cancelDraft = statusViaPatch({ id: 's', status: 'draft' }, 'cancelled');
    expect(cancelDraft.ok || cancelDraft.message).toContain('remove a draft instead');
  });

  it('never moves the processed order index back', () => {
    expect(orderIndexProblem(null, 0)).toEqual([]);
    expect(orderIndexProblem(3, 3)).toEqual([]);
    expect(orderIndexProblem(3, undefined)).toEqual([]);
    expect(orderIndexProblem(3, 2).map((p) => p.message)).toEqual([
      'lastProcessedOrderIndex cannot go back (it is 3)',
    ]);
  });

  const plan: CurrentPlan = {
    id: 'plan-1',
    version: 2,
    status: 'active',
    animalId: 'dog-1',
    type: 'full_bowl',
    startOrderIndex: 0,
    dailyServingSizeGrams: 500,
    skus: [{ productVariantId: 'v', ratio: 1 }],
  };
  const ids = () => 'new-id';

  it('changes plans sent with an id, adds complete new ones, and keeps the rest', () => {
    const merged = mergeFeedingPlanChanges(
      [plan],
      [
        { id: 'plan-1', version: 2, isEligible: false, currentDailyServingSizeInGrams: 600 },
        {
          animalId: 'dog-2',
          type: 'half_bowl',
          currentDailyServingSizeInGrams: 300,
          skus: [{ productVariantId: 'w', ratio: 1 }],
        },
        { animalId: 'dog-3' },
      ],
      'sub',
      ids,
    );
    if (isRefusal(merged)) throw new Error(merged.message);
    expect(merged.drafts.map((d) => [d.id, d.status, d.spec.dailyServingSizeGrams])).toEqual([
      ['plan-1', 'ineligible', 600],
      ['new-id', 'active', 300],
    ]);
    expect(merged.newDogs).toEqual([{ path: ['feedingPlans', 1], animalId: 'dog-2' }]);
    expect(merged.problems.map((p) => p.message)).toEqual([
      'feedingPlans[2]: a new feeding plan needs type, currentDailyServingSizeInGrams, skus',
    ]);
  });

  it('refuses unknown or stale plans and a second plan for a dog', () => {
    expect(mergeFeedingPlanChanges([plan], [{ id: 'other', version: 1 }], 'sub', ids)).toEqual({
      refusal: 'not_found',
      message: 'Feeding plan other is not on subscription sub',
    });
    const stale = mergeFeedingPlanChanges([plan], [{ id: 'plan-1', version: 1 }], 'sub', ids);
    expect(isRefusal(stale) && stale.refusal).toBe('conflict');
    const twice = mergeFeedingPlanChanges(
      [plan],
      [
        {
          animalId: 'dog-1',
          type: 'full_bowl',
          currentDailyServingSizeInGrams: 500,
          skus: [{ productVariantId: 'v', ratio: 1 }],
        },
      ],
      'sub',
      ids,
    );
    expect(isRefusal(twice) && twice.message).toContain('this dog already has a feeding plan');
  });

  it('keeps a cancelled extra cancelled and re-checks an extra whose product changed', () => {
    const extra = {
      id: 'extra-1',
      version: 1,
      productVariantId: 'v',
      type: 'treat' as const,
      startOrderIndex: 0,
      nthOrder: 1,
      quantity: 1,
      price: 900,
      cancelledAt: null,
    };
    const changed = mergeExtraChanges(
      [extra],
      [{ id: 'extra-1', version: 1, productVariantId: 'w' }, { type: 'misc' }],
      'sub',
      ids,
    );
    if (isRefusal(changed)) throw new Error(changed.message);
    expect(changed.drafts).toMatchObject([{ checkCatalogue: true, price: undefined }]);
    expect(changed.problems.map((p) => p.message)).toEqual([
      'extras[1]: a new extra needs productVariantId',
    ]);
    const cancelled = mergeExtraChanges(
      [{ ...extra, cancelledAt: new Date() }],
      [{ id: 'extra-1', version: 1, quantity: 2 }],
      'sub',
      ids,
    );
    expect(cancelled).toEqual({
      refusal: 'conflict',
      message: 'Extra extra-1 was cancelled: add it again as a new extra instead',
    });
  });
});

describe('a new subscription', () => {
  it('has one plan per dog and each discount once', () => {
    expect(
      duplicateDogProblems([{ animalId: 'a' }, { animalId: 'b' }, { animalId: 'a' }]).map(
        (p) => p.message,
      ),
    ).toEqual([
      'feedingPlans[2] is for the same dog as feedingPlans[0]: a dog has one feeding plan',
    ]);
    expect(duplicateDiscountProblems([{ discountId: 'd' }, { discountId: 'd' }])).toMatchObject([
      { path: ['discounts', 1, 'discountId'], code: 'duplicate_discount' },
    ]);
  });

  it('needs an active plan to be active', () => {
    expect(hasAnActivePlan([{ status: 'paused' }, { status: 'ineligible' }])).toBe(false);
    expect(hasAnActivePlan([{ status: 'paused' }, { status: 'active' }])).toBe(true);
    expect(NEEDS_AN_ACTIVE_PLAN).toBe(
      'An active subscription needs at least one active feeding plan',
    );
  });
});

describe('resume dates', () => {
  const now = new Date('2026-11-02T09:00:00.000Z');
  it('must be dates after now', () => {
    expect(resumeDateProblem('soon', undefined, now)).toBe('resumeAt soon is not a date');
    expect(resumeDateProblem('2026-11-02', now, now)).toBe('resumeAt must be a date after today');
    expect(resumeDateProblem('2026-11-03', new Date('2026-11-02T13:00:00.000Z'), now)).toBe(
      undefined,
    );
  });
});
