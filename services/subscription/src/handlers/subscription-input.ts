import { ServiceCallError } from '@pawfresh/kit';
import type { ExtraType } from '@pawfresh/contracts/subscription';
import type { ProductType } from '@pawfresh/contracts/enums';
import type { Catalogue } from '../catalogue.js';
import { upstream, type Collaborators } from '../collaborators.js';
import { pathText, type InputProblem } from './problems.js';

/** Which catalogue product types each extra type may hold (docs/subscriptions.md "Extras"). */
export const EXTRA_PRODUCT_TYPES: Readonly<Record<ExtraType, readonly ProductType[]>> = {
  treat: ['treat'],
  supplement: ['supplement'],
  bundle: ['bundle'],
  misc: ['collateral', 'toy'],
};

export interface ExtraSpec {
  path: (string | number)[];
  productVariantId: string;
  type: ExtraType;
  price?: number | undefined;
}

/**
 * Checks an extra against the catalogue (the variant exists, is sold, and its product is of the
 * extra's type) and answers its price: the one given, else the variant's.
 */
export function checkExtra(
  spec: ExtraSpec,
  catalogue: Catalogue,
  problems: InputProblem[],
  { requireActive = true } = {},
): number | undefined {
  const where = pathText([...spec.path, 'productVariantId']);
  const variant = catalogue.variants.get(spec.productVariantId);
  if (!variant) {
    problems.push({
      path: [...spec.path, 'productVariantId'],
      code: 'unknown_variant',
      message: `${where} is not a product in the catalogue`,
    });
    return undefined;
  }
  if (!EXTRA_PRODUCT_TYPES[spec.type].includes(variant.productType)) {
    problems.push({
      path: [...spec.path, 'type'],
      code: 'extra_type',
      message: `${variant.productName} is a ${variant.productType}, so it cannot be a ${spec.type} extra (${pathText([...spec.path, 'type'])})`,
    });
  }
  if (requireActive && !variant.active) {
    problems.push({
      path: [...spec.path, 'productVariantId'],
      code: 'not_sold',
      message: `${variant.productName} is not for sale at the moment (${where})`,
    });
  }
  return spec.price ?? variant.basePrice;
}

/** Checks that every dog is the household's own, through the dogs service. */
export async function checkDogsBelongTo(
  services: Pick<Collaborators, 'dogs'>,
  userId: string,
  dogs: readonly { path: (string | number)[]; animalId: string }[],
  problems: InputProblem[],
): Promise<void> {
  await Promise.all(
    dogs.map(async ({ path, animalId }) => {
      try {
        await upstream('Checking the dogs', () =>
          services.dogs.getDog({ params: { dogId: animalId }, query: { userId } }),
        );
      } catch (err) {
        if (err instanceof ServiceCallError && err.status === 404) {
          problems.push({
            path: [...path, 'animalId'],
            code: 'not_household_dog',
            message: `${pathText([...path, 'animalId'])} is not one of this household's dogs`,
          });
          return;
        }
        throw err;
      }
    }),
  );
}

/** Checks that discounts exist and are usable, through the pricing service. */
export async function checkDiscounts(
  services: Pick<Collaborators, 'pricing'>,
  discounts: readonly { path: (string | number)[]; discountId: string }[],
  problems: InputProblem[],
): Promise<void> {
  await Promise.all(
    discounts.map(async ({ path, discountId }) => {
      const where = pathText([...path, 'discountId']);
      try {
        const discount = await upstream('Checking the discount', () =>
          services.pricing.getDiscount({ params: { id: discountId } }),
        );
        if (discount.deletedAt) {
          problems.push({
            path: [...path, 'discountId'],
            code: 'discount_deleted',
            message: `${where}: discount "${discount.name}" has been deleted`,
          });
        } else if (discount.disabledAt) {
          problems.push({
            path: [...path, 'discountId'],
            code: 'discount_disabled',
            message: `${where}: discount "${discount.name}" is disabled`,
          });
        }
      } catch (err) {
        if (err instanceof ServiceCallError && err.status === 404) {
          problems.push({
            path: [...path, 'discountId'],
            code: 'unknown_discount',
            message: `${where} is not a discount`,
          });
          return;
        }
        throw err;
      }
    }),
  );
}
