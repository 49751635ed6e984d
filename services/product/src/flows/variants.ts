import { conflict, notFound } from '@pawfresh/kit';
import type { ProductStatus } from '@pawfresh/contracts/enums';
import { canChangeStatus, statusChangeRefusal, type Variant } from '@pawfresh/contracts/product';
import { changeVariantStatus } from '../db/catalogue-store.js';
import type { ProductContext } from './context.js';

const variantNotFound = (variantId: string) => notFound(`Variant ${variantId} not found`);

export async function getVariant({ catalogue }: ProductContext, variantId: string) {
  const variant = (await catalogue.current()).variants.get(variantId);
  if (!variant) throw variantNotFound(variantId);
  return variant;
}

/** A status change the rules allow (docs/product-rules.md); the same status changes nothing. */
export async function updateVariantStatus(
  { db, clock }: ProductContext,
  variantId: string,
  to: ProductStatus,
): Promise<Variant> {
  const result = await changeVariantStatus(db, variantId, to, clock.now(), canChangeStatus);
  if (result.outcome === 'not_found') throw variantNotFound(variantId);
  if (result.outcome === 'refused') {
    throw conflict(statusChangeRefusal(result.from, to), { from: result.from, to });
  }
  return result.variant;
}
