import { conflict } from '@pawfresh/kit';
import type { Order, RebalanceAnswer } from '@pawfresh/contracts/order';
import { type OrderDb, type OrderRow } from '../db/order-store.js';
import { facilityOrdersMadeOn } from '../db/kitchen-store.js';
import { localDate } from '../rules/order-dates.js';
import { planRebalance, REBALANCE_REFUSALS, rebalanceRefusal } from '../rules/rebalancing.js';
import { REBALANCING_STATUS_MOVES, canMove } from '../rules/status-machines.js';
import type { OrderContext } from './context.js';
import { changeOrder, changeOrderIn, type OrderChange } from './order-change.js';

/** The change of one box's make date, queued for the kitchen to confirm. */
function moveMakeDate(row: OrderRow, toDate: string): OrderChange {
  const queue = canMove(REBALANCING_STATUS_MOVES, row.rebalancingStatus, 'queued');
  return {
    columns: { makeDate: toDate, ...(queue ? { rebalancingStatus: 'queued' as const } : {}) },
    events: [
      {
        action: 'rebalancing_status_updated',
        description: `Make date moved to ${toDate}`,
        previousValue: row.makeDate,
        currentValue: toDate,
      },
    ],
    topics: ['order_rebalance_requested'],
  };
}

/** One order made on another day (409 naming why not). */
export const rebalanceOrder = (
  ctx: OrderContext,
  orderId: string,
  body: { toDate: string; timezone: string; force: boolean },
): Promise<Order> =>
  changeOrder(ctx, orderId, {}, async (row, now) => {
    const refusal = rebalanceRefusal(row, body.toDate, localDate(now, body.timezone), body.force);
    if (refusal) {
      throw conflict(
        `Order ${orderId} cannot be made on ${body.toDate}: ${REBALANCE_REFUSALS[refusal]}`,
      );
    }
    if (row.makeDate === body.toDate) return { events: [], topics: [] };
    return moveMakeDate(row, body.toDate);
  });

/**
 * Up to `amountOfBoxes` of a facility's boxes made on `fromDate` move to `toDate`, the oldest
 * orders first, skipping those the rule refuses; 409 when none may move. With `dryRun` nothing is
 * written: the answer lists the boxes the same request would move now (`plannedOrderIds`) and how
 * many stay for each reason; sent again without it, the same boxes move unless the day changed.
 */
export async function rebalanceFacility(
  ctx: OrderContext,
  facilityId: number,
  body: {
    fromDate: string;
    toDate: string;
    timezone: string;
    amountOfBoxes: number;
    force: boolean;
    dryRun?: boolean | undefined;
  },
): Promise<RebalanceAnswer> {
  return ctx.db.transaction(async (tx: OrderDb) => {
    const today = localDate(ctx.clock.now(), body.timezone);
    const rows = await facilityOrdersMadeOn(tx, facilityId, body.fromDate);
    const plan = planRebalance(rows, { ...body, facilityId }, today);
    if (plan.refusal) throw conflict(plan.refusal);
    if (body.dryRun) {
      return {
        movedOrderIds: [],
        requested: body.amountOfBoxes,
        dryRun: true,
        plannedOrderIds: plan.moving.map((row) => row.id),
        staying: plan.staying.map((s) => ({ ...s, message: REBALANCE_REFUSALS[s.reason] })),
      };
    }
    const moved: string[] = [];
    for (const row of plan.moving) {
      await changeOrderIn(tx, ctx, row.id, {}, async (locked) => moveMakeDate(locked, body.toDate));
      moved.push(row.id);
    }
    return { movedOrderIds: moved, requested: body.amountOfBoxes };
  });
}
