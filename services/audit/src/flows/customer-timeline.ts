import { customerEvents } from '../db/audit-store.js';
import type { AuditContext } from './context.js';

/** One page of what happened to a customer's things, newest first (services.md "Paginated result"). */
export async function customerTimeline(
  ctx: AuditContext,
  customerId: string,
  page: { offset: number; limit: number },
) {
  const { events, total } = await customerEvents(ctx.db, customerId, page);
  return { data: events, meta: { total, offset: page.offset, limit: page.limit } };
}
