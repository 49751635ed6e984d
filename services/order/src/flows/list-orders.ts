import { rawJson, type RawJson } from '@pawfresh/kit';
import type { OrderListQuery } from '@pawfresh/contracts/order';
import { listOrderPage } from '../db/order-store.js';
import type { OrderContext } from './context.js';

/**
 * The staff list's page (`GET /orders`), as JSON PostgreSQL wrote (`listOrderPage`): passed
 * through, not parsed and checked again on the way out (ADR 012; checked in tests by the kit).
 */
export async function listOrders(ctx: OrderContext, query: OrderListQuery): Promise<RawJson> {
  const { items, total, totalCapped } = await listOrderPage(ctx.db, query, ctx.clock.now());
  return rawJson(
    `{"items":${items},"total":${total},"totalCapped":${totalCapped},"offset":${query.offset},"limit":${query.limit}}`,
  );
}
