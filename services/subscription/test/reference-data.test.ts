import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from '@pawfresh/db/orm';
import type { DatabaseConnection } from '@pawfresh/db';
import { testDatabase } from '@pawfresh/testing';
import { cancelReasonContexts, feedingPlanTypes } from '@pawfresh/contracts/subscription';
import { cancelReasons, plans, schema } from '../src/db/schema.js';
import {
  cancelReasonData,
  cancelReasonIdOf,
  type CancelReasonData,
} from '../src/reference/cancel-reasons.js';
import { planCatalogue, planForType } from '../src/reference/plans.js';
import { referenceId } from '../src/reference/reference-id.js';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const uuid5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const byId = <T extends { id: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.id.localeCompare(b.id));

let database: DatabaseConnection;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('the reference data in the database', () => {
  it('are the cancel reasons of src/reference/cancel-reasons.ts, row for row', async () => {
    const db = database.forSchema(schema);
    const rows = await db.select().from(cancelReasons).orderBy(asc(cancelReasons.id));
    expect(rows).toEqual(byId(cancelReasonData));
  });

  it('are the plans of src/reference/plans.ts, row for row', async () => {
    const db = database.forSchema(schema);
    const rows = await db.select().from(plans).orderBy(asc(plans.id));
    expect(rows).toEqual(byId(planCatalogue));
  });
});

describe('cancel reasons', () => {
  const parents = cancelReasonData.filter((r) => r.parentId === null);
  const childrenOf = (r: CancelReasonData) => cancelReasonData.filter((c) => c.parentId === r.id);

  it('have unique kebab-case slugs and name-based ids', () => {
    expect(new Set(cancelReasonData.map((r) => r.slug)).size).toBe(cancelReasonData.length);
    for (const r of cancelReasonData) {
      expect(r.slug).toMatch(kebab);
      expect(r.id).toMatch(uuid5);
      expect(r.id).toBe(referenceId('cancel-reason', r.slug));
      expect(cancelReasonIdOf(r.slug)).toBe(r.id);
    }
    // Pinned: a change here would orphan every reason id a subscription holds.
    expect(cancelReasonIdOf('other')).toBe('43aeb01b-dd4b-5dbb-af5a-2b82f52556ec');
    expect(() => cancelReasonIdOf('no-such-reason')).toThrow();
  });

  it('have descriptions of 1 to 255 characters, unique within a parent', () => {
    for (const r of cancelReasonData) {
      expect(r.description.trim().length, r.slug).toBeGreaterThan(0);
      expect(r.description.length, r.slug).toBeLessThanOrEqual(255);
    }
    for (const group of [parents, ...parents.map(childrenOf)]) {
      expect(new Set(group.map((r) => r.description)).size).toBe(group.length);
    }
  });

  it('go one level deep, and a child shares its parent’s contexts', () => {
    for (const child of cancelReasonData.filter((r) => r.parentId !== null)) {
      const parent = cancelReasonData.find((r) => r.id === child.parentId);
      expect(parent, child.slug).toBeDefined();
      expect(parent!.parentId, child.slug).toBeNull();
      expect(child.contexts, child.slug).toEqual(parent!.contexts);
    }
  });

  it('give every context its reasons, with "other" last', () => {
    for (const context of cancelReasonContexts) {
      const listed = parents
        .filter((r) => r.contexts.includes(context))
        .sort((a, b) => (a.displayOrder ?? Infinity) - (b.displayOrder ?? Infinity));
      expect(listed.length, context).toBeGreaterThanOrEqual(3);
      expect(listed.at(-1)?.slug, context).toBe('other');
    }
    for (const r of cancelReasonData) {
      expect(r.contexts.length, r.slug).toBeGreaterThan(0);
      expect(new Set(r.contexts).size, r.slug).toBe(r.contexts.length);
    }
  });
});

describe('the plan catalogue', () => {
  it('has one plan for each feeding-plan type, with kebab-case slugs and name-based ids', () => {
    expect(planCatalogue.map((p) => p.feedingPlanType).sort()).toEqual(
      [...feedingPlanTypes].sort(),
    );
    for (const p of planCatalogue) {
      expect(p.slug).toMatch(kebab);
      expect(p.id).toBe(referenceId('plan', p.slug));
      expect(planForType(p.feedingPlanType)).toBe(p);
      expect(p.percentOfCalories).toBeGreaterThanOrEqual(1);
      expect(p.percentOfCalories).toBeLessThanOrEqual(100);
    }
    expect(new Set(planCatalogue.map((p) => p.slug)).size).toBe(planCatalogue.length);
    // Pinned: subscriptions and other services hold these ids.
    expect(planForType('full_bowl').id).toBe('0241c103-9267-5457-ab21-aea296ad7efa');
  });

  it('feeds the whole day with a full bowl and half of it with a half bowl', () => {
    expect(planForType('full_bowl')).toMatchObject({
      percentOfCalories: 100,
      category: 'feeding_plan',
    });
    expect(planForType('half_bowl')).toMatchObject({
      percentOfCalories: 50,
      category: 'feeding_plan',
    });
    expect(planForType('starter_box').category).toBe('bundle');
    expect(planForType('trial_box').category).toBe('bundle');
  });
});
