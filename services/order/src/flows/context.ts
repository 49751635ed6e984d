import type { Clock, RawJson, ServiceClient } from '@pawfresh/kit';
import type { RevisionMark, RevisionWatch } from '@pawfresh/db';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { OrderTopic } from '@pawfresh/contracts/order';
import type { OrderDb } from '../db/order-store.js';
import type { OrderJsonRow } from '../db/order-list-store.js';

/**
 * What the order flows work with: the database, time, the courier (depots and facilities) and the
 * subscription service (whose subscription an order may name).
 */
export interface OrderContext {
  db: OrderDb;
  clock: Clock;
  courier: ServiceClient<typeof courierContract>;
  subscription: ServiceClient<typeof subscriptionContract>;
  /** Deliveries pages answered, per customer, in this process (each tagged with what it shows). */
  deliveriesAnswers: Map<string, KeptDeliveries>;
  /** Orders' JSON for the staff list, by id, each with the revision it was read at (list-orders). */
  keptOrders: Map<string, OrderJsonRow>;
  /** Staff list pages answered in this process, by their query (list-orders). */
  staffPages: Map<string, KeptStaffPage>;
  /** Revision notifications heard by this process (ADR 008). */
  revisions: RevisionWatch;
  /** Whether a topic is written to the outbox: some subscriber takes it (docs/orders.md "Topics"). */
  announces: (topic: OrderTopic) => boolean;
}

/** A deliveries page answered, with what it depends on besides the customer's orders. */
export interface KeptDeliveries {
  answer: RawJson;
  revision: number;
  /** The zones of the customer's orders, and the local date in each when it was built. */
  zones: readonly string[];
  days: string;
  /** Where the revision watch stood when it was read (undefined: not listening then). */
  mark: RevisionMark | undefined;
}

/** A staff list page answered, with what its display types depend on besides its orders. */
export interface StaffPage {
  answer: RawJson;
  /** The zones of the page's orders, and the local date in each when it was built. */
  zones: readonly string[];
  days: string;
}

/** A staff list page kept: it stands while no customer's orders changed since `mark`. */
export interface KeptStaffPage {
  /** Being read, or read. */
  page: Promise<StaffPage>;
  /** Where the revision watch stood before it was read. */
  mark: RevisionMark;
}
