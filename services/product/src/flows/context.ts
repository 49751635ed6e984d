import type { Clock, ServiceClient } from '@pawfresh/kit';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { RevisionWatch } from '@pawfresh/db';
import type { CatalogueCache } from '../db/catalogue-cache.js';
import type { ProductDb } from '../db/catalogue-store.js';

/** What the product flows work with: its database and catalogue cache, time, and the dogs service. */
export interface ProductContext {
  db: ProductDb;
  catalogue: CatalogueCache;
  clock: Clock;
  /** Revision notifications heard by this process (ADR 008). */
  revisions: RevisionWatch;
  dogs: ServiceClient<typeof dogsContract>;
}
