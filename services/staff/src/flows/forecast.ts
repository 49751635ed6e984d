import { localDate, passRefusals } from '@pawfresh/kit';
import { datesFrom } from '@pawfresh/contracts/calendar-dates';
import {
  FORECAST_PAGE_DAYS,
  type BoxForecast,
  type RebalancePlan,
  type RebalanceResult,
  type StockMonitor,
} from '@pawfresh/contracts/staff-forecast';
import { facilityName, packingFacilities } from '@pawfresh/contracts/staff-packing';
import { stockByProduct } from '../rules/stock-shortage.js';
import type { Acting, BodyOf, QueryOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/**
 * Forecast and stock (docs/staff.md "Forecast and stock"). The order service counts the boxes and
 * pouches and owns the rebalancing rule; this names the kitchens and products, marks the days a
 * product runs short, and records a rebalance as the member of staff's.
 */

const kitchen = (facilityId: number | undefined) =>
  packingFacilities.find((f) => f.facilityId === facilityId) ?? packingFacilities[0];

/** Each kitchen's boxes per make date, two weeks from `fromDate` (today in Sydney without it). */
export async function boxForecast(
  ctx: StaffContext,
  query: QueryOf<'boxForecast'>,
): Promise<BoxForecast> {
  const fromDate = query.fromDate ?? localDate(ctx.clock.now(), 'Australia/Sydney');
  const makeDates = datesFrom(fromDate, FORECAST_PAGE_DAYS);
  const toDate = makeDates.at(-1)!;
  const facilities = await Promise.all(
    packingFacilities.map(async (f) => {
      const read = await passRefusals('Reading the forecast', () =>
        ctx.order.getForecast({
          params: { facilityId: f.facilityId },
          query: { dateRangeStart: fromDate, dateRangeEnd: toDate },
        }),
      );
      const byDate = new Map(read.days.map((d) => [d.makeDate, d]));
      return {
        ...f,
        days: makeDates.map(
          (makeDate) => byDate.get(makeDate) ?? { makeDate, boxes: 0, depots: [] },
        ),
      };
    }),
  );
  return { fromDate, toDate, makeDates, facilities };
}

/** A kitchen's units per product per make date, named, with the days each runs short. */
export async function stockMonitor(
  ctx: StaffContext,
  query: QueryOf<'stockMonitor'>,
): Promise<StockMonitor> {
  const facility = kitchen(query.facilityId);
  const fromDate = query.fromDate ?? localDate(ctx.clock.now(), facility.timeZone);
  const makeDates = datesFrom(fromDate, FORECAST_PAGE_DAYS);
  const toDate = makeDates.at(-1)!;
  const [read, catalogue] = await Promise.all([
    passRefusals('Reading the stock monitor', () =>
      ctx.order.getStockMonitor({
        params: { facilityId: facility.facilityId },
        query: { fromDate, toDate },
      }),
    ),
    passRefusals('Reading the products', () => ctx.product.listProducts({ query: {} })),
  ]);
  return {
    facilityId: facility.facilityId,
    name: facility.name,
    fromDate,
    toDate,
    makeDates,
    products: stockByProduct(read.items, makeDates, catalogue),
  };
}

type RebalanceBody = BodyOf<'rebalancePlan'>;

const orderServiceRebalance = (ctx: StaffContext, body: RebalanceBody, dryRun: boolean) =>
  ctx.order.rebalanceFacility({
    params: { facilityId: body.facilityId },
    body: {
      fromDate: body.fromDate,
      toDate: body.toDate,
      timezone: kitchen(body.facilityId).timeZone,
      amountOfBoxes: body.amountOfBoxes,
      force: body.force,
      dryRun,
    },
  });

/** What the rebalance would move now: the order service's dry run. */
export async function rebalancePlan(
  ctx: StaffContext,
  body: RebalanceBody,
): Promise<RebalancePlan> {
  const plan = await passRefusals('The rebalance', () => orderServiceRebalance(ctx, body, true));
  const orderIds = plan.plannedOrderIds ?? [];
  return {
    facilityId: body.facilityId,
    fromDate: body.fromDate,
    toDate: body.toDate,
    requested: body.amountOfBoxes,
    boxes: orderIds.length,
    orderIds,
    staying: plan.staying ?? [],
  };
}

/** The boxes of both days at the kitchen, as the audit row keeps them before and after. */
async function daysOf(ctx: StaffContext, body: RebalanceBody) {
  const [from, to] = [body.fromDate, body.toDate].sort() as [string, string];
  const read = await passRefusals('Reading the forecast', () =>
    ctx.order.getForecast({
      params: { facilityId: body.facilityId },
      query: { dateRangeStart: from, dateRangeEnd: to },
    }),
  );
  const boxesOn = (date: string) => read.days.find((d) => d.makeDate === date)?.boxes ?? 0;
  return { [body.fromDate]: boxesOn(body.fromDate), [body.toDate]: boxesOn(body.toDate) };
}

/** Moves the boxes (oldest orders first, as the dry run listed them) and records it. */
export async function rebalance(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'rebalance'>,
): Promise<RebalanceResult> {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'forecast.rebalance',
    permission: 'forecast:rebalance',
    targetType: 'make-date',
    targetId: `facility-${body.facilityId}:${body.fromDate}`,
    reason: body.reason,
    doing: 'The rebalance',
    read: () => daysOf(ctx, body),
    customerOf: () => null,
    run: async () => {
      const moved = await orderServiceRebalance(ctx, body, false);
      return { moved, days: await daysOf(ctx, body) };
    },
    stateBefore: (boxes) => ({ facility: facilityName(body.facilityId), boxes }),
    stateAfter: ({ moved, days }) => ({
      facility: facilityName(body.facilityId),
      boxes: days,
      toDate: body.toDate,
      requested: body.amountOfBoxes,
      force: body.force,
      movedOrderIds: moved.movedOrderIds,
    }),
  });
  return {
    facilityId: body.facilityId,
    fromDate: body.fromDate,
    toDate: body.toDate,
    requested: body.amountOfBoxes,
    moved: result.moved.movedOrderIds.length,
    movedOrderIds: result.moved.movedOrderIds,
    audit,
  };
}
