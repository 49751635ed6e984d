import type { Clock, ServiceClient } from '@pawfresh/kit';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { orderContract } from '@pawfresh/contracts/order';
import type { productContract } from '@pawfresh/contracts/product';
import type { FulfilmentDb } from '../db/box-store.js';

/** What the fulfilment flows work with: the database, time, and the services it reads by id. */
export interface FulfilmentContext {
  db: FulfilmentDb;
  clock: Clock;
  order: ServiceClient<typeof orderContract>;
  /**
   * The order service for bulk reads: answers are not checked against the contract again (the
   * order service checked them when it serialised them), which halves the cost of reading
   * thousands of orders.
   */
  orderLookup: ServiceClient<typeof orderContract>;
  product: ServiceClient<typeof productContract>;
  courier: ServiceClient<typeof courierContract>;
}
