import { pathText, type InputProblem } from '@pawfresh/kit';
import type { ExtraType } from '@pawfresh/contracts/subscription';
import type { ProductType } from '@pawfresh/contracts/enums';
import type { Catalogue } from './catalogue.js';

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
): { price: number | undefined; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const where = pathText([...spec.path, 'productVariantId']);
  const variant = catalogue.variants.get(spec.productVariantId);
  if (!variant) {
    problems.push({
      path: [...spec.path, 'productVariantId'],
      code: 'unknown_variant',
      message: `${where} is not a product in the catalogue`,
    });
    return { price: undefined, problems };
  }
  if (!EXTRA_PRODUCT_TYPES[spec.type].includes(variant.productType)) {
    problems.push({
      path: [...spec.path, 'type'],
      code: 'extra_type',
      message: `${variant.productName} is a ${variant.productType}, so it cannot be a ${spec.type} extra (${pathText([...spec.path, 'type'])})`,
    });
  }
  if (!variant.active) {
    problems.push({
      path: [...spec.path, 'productVariantId'],
      code: 'not_sold',
      message: `${variant.productName} is not for sale at the moment (${where})`,
    });
  }
  return { price: spec.price ?? variant.basePrice, problems };
}
