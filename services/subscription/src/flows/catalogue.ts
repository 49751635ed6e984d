import { upstream } from '@pawfresh/kit';
import { toCatalogue, type Catalogue } from '../rules/catalogue.js';
import type { Collaborators } from './collaborators.js';

/** The whole catalogue, from the product service (revalidated with its entity tag). */
export async function loadCatalogue(services: Pick<Collaborators, 'product'>): Promise<Catalogue> {
  const products = await upstream('Reading the product catalogue', () =>
    services.product.listProducts({}),
  );
  return toCatalogue(products);
}
