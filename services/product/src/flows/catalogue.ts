import { catalogueCache } from '../db/catalogue-cache.js';
import { resetCatalogue } from '../db/seed-catalogue.js';
import type { ProductContext } from './context.js';

/** What the product flows are given; the catalogue kept in memory is made from it. */
export type ProductDependencies = Omit<ProductContext, 'catalogue'>;

/** The flows' context: the dependencies with the catalogue cache over their database. */
export function productContext(deps: ProductDependencies): ProductContext {
  return { ...deps, catalogue: catalogueCache(deps.db, deps.revisions) };
}

/** The catalogue put back as the seed script makes it (services.md: reset-by-seed-script). */
export async function resetBySeedScript(ctx: ProductContext) {
  return resetCatalogue(ctx.db, ctx.clock.now());
}
