import { eq } from '@pawfresh/db/orm';
import type { OrderDb } from './order-store.js';
import { customerRevisions } from './schema.js';

/** Revision notifications name a customer's orders so (ADR 008; migration 0001's triggers). */
export {
  customerOrdersRevisionKey as customerKey,
  CUSTOMER_ORDERS_REVISIONS as everyCustomer,
} from '@pawfresh/contracts/order';

/** A customer's revision: 0 before the first write to their orders. */
export async function readCustomerRevision(db: OrderDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ revision: customerRevisions.revision })
    .from(customerRevisions)
    .where(eq(customerRevisions.userId, userId));
  return row?.revision ?? 0;
}
