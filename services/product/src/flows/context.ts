import type { Clock, ServiceClient } from '@pawfresh/kit';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { CatalogueCache } from '../db/catalogue-cache.js';
import type { ProductDb } from '../db/catalogue-store.js';

/** What the product flows work with: its database and catalogue cache, time, and the dogs service. */
export interface ProductContext {
  db: ProductDb;
  catalogue: CatalogueCache;
  clock: Clock;
  dogs: ServiceClient<typeof dogsContract>;
}
