import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { productStatuses, productTypes } from '@pawfresh/contracts/enums';
import { canChangeStatus } from '@pawfresh/contracts/product';
import { boxesToComeWarning, statusChangeEffects } from '../src/rules/status-effects.js';

/** What a variant's status change does (docs/staff.md "Catalogue"), as the services behave. */
const status = fc.constantFrom(...productStatuses);
const type = fc.constantFrom(...productTypes);
const says = (effects: ReturnType<typeof statusChangeEffects>, area: string) =>
  effects
    .filter((e) => e.area === area)
    .map((e) => e.says)
    .join(' ');

describe('statusChangeEffects', () => {
  it('says what taking a meal pouch out of stock does, area by area', () => {
    expect(
      statusChangeEffects({ from: 'active', to: 'out_of_stock', productType: 'meal' }),
    ).toEqual([
      {
        area: 'boxes_to_come',
        says: 'Boxes already made keep it: they are made, delivered and charged with it as they stand. No service takes it out of a box.',
      },
      {
        area: 'new_boxes',
        says: 'Boxes made from now on for plans with this pouch get it, whatever its status: order generation takes the plan’s meals as they are.',
      },
      {
        area: 'customers',
        says: 'Customers cannot choose it in a new plan (which takes another active pouch of the meal) or when changing a box’s meals; the app shows the product as Out of stock when every variant it shows is out of stock.',
      },
      {
        area: 'kitchen',
        says: 'The stock monitor marks it short on every make date a box needs it.',
      },
      {
        area: 'recommendations',
        says: 'Meal recommendations do not change: they go by the meal’s own status, not a pouch’s.',
      },
    ]);
  });

  it('a discontinuing treat is no longer offered but the kitchen still has it; archiving is final', () => {
    const winding = statusChangeEffects({
      from: 'active',
      to: 'discontinuing',
      productType: 'treat',
    });
    expect(says(winding, 'customers')).toBe(
      'Customers no longer see it, and cannot choose it as an extra, recurring or one-off.',
    );
    expect(says(winding, 'kitchen')).toMatch(/^The kitchen still has it/);
    expect(says(winding, 'recommendations')).toBe('');
    const archived = statusChangeEffects({
      from: 'discontinued',
      to: 'archived',
      productType: 'toy',
    });
    expect(says(archived, 'customers')).toMatch(/Archived is final/);
  });

  it('the same status changes nothing', () => {
    expect(statusChangeEffects({ from: 'active', to: 'active', productType: 'meal' })).toEqual([
      { area: 'boxes_to_come', says: 'It is active already: nothing changes.' },
    ]);
  });

  test.prop([status, status, type])(
    'every change says boxes already made keep it; customers may choose only an active variant; the kitchen has only active and discontinuing ones',
    (from, to, productType) => {
      fc.pre(from !== to && canChangeStatus(from, to));
      const effects = statusChangeEffects({ from, to, productType });
      expect(effects[0]!.says).toMatch(/^Boxes already made keep it/);
      expect(says(effects, 'new_boxes')).toMatch(/whatever its status/);
      expect(says(effects, 'customers').startsWith('Customers can choose it again')).toBe(
        to === 'active',
      );
      expect(says(effects, 'kitchen').includes('marks it short')).toBe(
        to !== 'active' && to !== 'discontinuing',
      );
      expect(effects.some((e) => e.area === 'recommendations')).toBe(productType === 'meal');
    },
  );
});

describe('boxesToComeWarning', () => {
  it('names the boxes that keep a variant customers can no longer choose', () => {
    expect(boxesToComeWarning('discontinued', 3)).toBe(
      '3 boxes to come still carry it and the kitchen is told it has none (the stock monitor shows them short). Nothing takes it out: change those boxes’ meals or extras (each box’s page), or the plans, where it should not go.',
    );
    expect(boxesToComeWarning('discontinuing', 1)).toBe(
      '1 box to come still carries it. Nothing takes it out: change those boxes’ meals or extras (each box’s page), or the plans, where it should not go.',
    );
  });

  test.prop([status, fc.nat(100_000)])(
    'says nothing without boxes to come or when the variant becomes active',
    (to, boxes) => {
      expect(boxesToComeWarning(to, boxes) === null).toBe(boxes === 0 || to === 'active');
    },
  );
});
