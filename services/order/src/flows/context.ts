import type { Clock, ServiceClient } from '@pawfresh/kit';
import type { RevisionWatch } from '@pawfresh/db';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { OrderDb } from '../db/order-store.js';
import type { KeptDeliveries } from './customer-deliveries.js';

/** What the order flows work with: the database, time, and the courier (depots and facilities). */
export interface OrderContext {
  db: OrderDb;
  clock: Clock;
  courier: ServiceClient<typeof courierContract>;
  /** Deliveries pages answered, per customer, in this process (each tagged with what it shows). */
  deliveriesAnswers: Map<string, KeptDeliveries>;
  /** Revision notifications heard by this process (ADR 008). */
  revisions: RevisionWatch;
}
