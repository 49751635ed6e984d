import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { productStatuses, recommendationTypes } from '@pawfresh/contracts/enums';
import { recommendMeal } from '../src/rules/recommend-meal.js';
import { canChangeStatus, statusChangeRefusal } from '@pawfresh/contracts/product';
import { ean13, seedId } from '../src/seed/ids.js';

const slug = fc.constantFrom(
  'beef',
  'chicken',
  'egg',
  'fish',
  'pancreatitis',
  'kidney-disease',
  'skin-and-coat',
  'diabetes',
);
const slugs = fc.uniqueArray(slug, { maxLength: 5 });
const meal = fc.record({ allergens: slugs, recommendedFor: slugs, notRecommendedFor: slugs });
const dog = fc.record({ allergens: slugs, healthIssues: slugs });

describe('recommendMeal', () => {
  it('follows the precedence blocked > not_recommended > recommended > neutral', () => {
    const m = {
      allergens: ['chicken', 'egg'],
      recommendedFor: ['diabetes'],
      notRecommendedFor: ['pancreatitis'],
    };
    expect(
      recommendMeal(m, { allergens: ['egg'], healthIssues: ['pancreatitis'] }).recommendationType,
    ).toBe('blocked');
    expect(recommendMeal(m, { allergens: [], healthIssues: ['pancreatitis', 'diabetes'] })).toEqual(
      {
        recommendationType: 'not_recommended',
        allergens: [],
        illnesses: ['pancreatitis'],
      },
    );
    expect(recommendMeal(m, { allergens: ['fish'], healthIssues: ['diabetes'] })).toEqual({
      recommendationType: 'recommended',
      allergens: [],
      illnesses: ['diabetes'],
    });
    expect(
      recommendMeal(m, { allergens: ['beef'], healthIssues: ['skin-and-coat'] }).recommendationType,
    ).toBe('neutral');
  });

  test.prop([meal, dog])('never recommends a meal containing an allergen of the dog', (m, d) => {
    const r = recommendMeal(m, d);
    const hit = m.allergens.some((a) => d.allergens.includes(a));
    expect(r.recommendationType === 'blocked').toBe(hit);
    expect(recommendationTypes).toContain(r.recommendationType);
  });

  test.prop([meal, dog])('only names allergens and illnesses the dog actually has', (m, d) => {
    const r = recommendMeal(m, d);
    for (const a of r.allergens) expect(d.allergens).toContain(a);
    for (const i of r.illnesses) expect(d.healthIssues).toContain(i);
    if (r.recommendationType === 'neutral') expect(r.illnesses).toEqual([]);
  });

  test.prop([meal, dog, slug])(
    'adding a health issue never makes a meal safer than blocked',
    (m, d, extra) => {
      const before = recommendMeal(m, d).recommendationType;
      const after = recommendMeal(m, {
        ...d,
        healthIssues: [...d.healthIssues, extra],
      }).recommendationType;
      if (before === 'blocked') expect(after).toBe('blocked');
      if (before === 'not_recommended') expect(['not_recommended', 'blocked']).toContain(after);
    },
  );
});

describe('variant status changes', () => {
  it('lets stock come and go and keeps archived final', () => {
    expect(canChangeStatus('active', 'out_of_stock')).toBe(true);
    expect(canChangeStatus('out_of_stock', 'active')).toBe(true);
    expect(canChangeStatus('discontinued', 'out_of_stock')).toBe(false);
    expect(statusChangeRefusal('discontinued', 'out_of_stock')).toBe(
      'A variant that is discontinued cannot become out_of_stock: it can become active, archived',
    );
    for (const to of productStatuses) {
      expect(canChangeStatus('archived', to)).toBe(to === 'archived');
    }
  });

  test.prop([fc.constantFrom(...productStatuses), fc.constantFrom(...productStatuses)])(
    'every status can be archived and keeping a status is always allowed',
    (from, to) => {
      expect(canChangeStatus(from, from)).toBe(true);
      expect(canChangeStatus(from, 'archived')).toBe(true);
      if (from !== 'archived' && to !== from)
        expect(typeof canChangeStatus(from, to)).toBe('boolean');
    },
  );
});

describe('seed ids and barcodes', () => {
  test.prop([fc.string()])('seed ids are stable version 5 UUIDs', (name) => {
    const id = seedId(name);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seedId(name)).toBe(id);
  });

  test.prop([fc.integer({ min: 0, max: 99999 })])(
    'barcodes are valid EAN-13 in the Australian range',
    (n) => {
      const code = ean13(n);
      expect(code).toMatch(/^93\d{11}$/);
      const digits = [...code].map(Number);
      const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
      expect(sum % 10).toBe(0);
    },
  );
});
