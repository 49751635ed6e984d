import type { ProductStatus, ProductType } from '@pawfresh/contracts/enums';
import { statusLabels, type StatusEffect } from '@pawfresh/contracts/staff-catalogue';
import { isAvailable } from './stock-shortage.js';

/**
 * What a variant's status change does, area by area, as the services behave today (docs/staff.md
 * "Catalogue", docs/product-rules.md). Nothing here decides behaviour: each sentence names the
 * rule it reports, so a change of that rule must change the sentence (the unit test pins them).
 *
 * - Boxes already made (before their cut-off) are never changed by a status: no service reacts to
 *   the product service's status change.
 * - Order generation makes new boxes from the plans' skus and the recurring extras as they are,
 *   whatever the variant's status (services/orchestration rules/order-generation.ts).
 * - Customers may choose only an active variant (extras, a box's meals: `sellable`; the menu:
 *   `isProductVisible` shows active and out of stock; a new plan prefers an active pouch:
 *   `mealVariantFor`).
 * - The kitchen counts active and discontinuing variants as there (`isAvailable`).
 */
export function statusChangeEffects(change: {
  from: ProductStatus;
  to: ProductStatus;
  productType: ProductType;
}): StatusEffect[] {
  const { from, to, productType } = change;
  if (from === to) {
    return [
      {
        area: 'boxes_to_come',
        says: `It is ${statusLabels[to].toLowerCase()} already: nothing changes.`,
      },
    ];
  }
  const meal = productType === 'meal';
  const effects: StatusEffect[] = [
    {
      area: 'boxes_to_come',
      says: 'Boxes already made keep it: they are made, delivered and charged with it as they stand. No service takes it out of a box.',
    },
    {
      area: 'new_boxes',
      says: meal
        ? 'Boxes made from now on for plans with this pouch get it, whatever its status: order generation takes the plan’s meals as they are.'
        : 'Boxes made from now on for recurring extras of it get it, whatever its status: order generation takes the extras as they are.',
    },
    { area: 'customers', says: customersSee(to, meal) },
    {
      area: 'kitchen',
      says: isAvailable(to)
        ? to === 'discontinuing'
          ? 'The kitchen still has it: the stock monitor counts it as there until it runs out.'
          : 'The kitchen has it again: the stock monitor counts it as there.'
        : 'The stock monitor marks it short on every make date a box needs it.',
    },
  ];
  if (meal) {
    effects.push({
      area: 'recommendations',
      says: 'Meal recommendations do not change: they go by the meal’s own status, not a pouch’s.',
    });
  }
  if (to === 'archived') {
    effects.push({
      area: 'customers',
      says: 'Archived is final: the variant cannot change status again (it is kept so old boxes and plans still name it).',
    });
  }
  return effects;
}

function customersSee(to: ProductStatus, meal: boolean): string {
  const chosen = meal
    ? 'in a new plan (which takes another active pouch of the meal) or when changing a box’s meals'
    : 'as an extra, recurring or one-off';
  switch (to) {
    case 'active':
      return meal
        ? 'Customers can choose it again: in new plans and when changing a box’s meals.'
        : 'Customers can choose it again as an extra, recurring or one-off.';
    case 'out_of_stock':
      return `Customers cannot choose it ${chosen}; the app shows the product as Out of stock when every variant it shows is out of stock.`;
    default:
      return `Customers no longer see it, and cannot choose it ${chosen}.`;
  }
}

/**
 * What no service does, said when boxes to come carry a variant customers can no longer choose:
 * they are still made with it and plans keep adding it (docs/staff.md "Catalogue", the gap).
 */
export function boxesToComeWarning(to: ProductStatus, boxes: number): string | null {
  if (boxes === 0 || to === 'active') return null;
  const these =
    boxes === 1 ? '1 box to come still carries it' : `${boxes} boxes to come still carry it`;
  const kitchen = isAvailable(to)
    ? ''
    : ' and the kitchen is told it has none (the stock monitor shows them short)';
  return `${these}${kitchen}. Nothing takes it out: change those boxes’ meals or extras (each box’s page), or the plans, where it should not go.`;
}
