import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { Order } from '@pawfresh/contracts/order';
import type {
  BoxForecast,
  RebalancePlan,
  RebalanceResult,
  StockMonitor,
} from '@pawfresh/contracts/staff-forecast';
import { sql } from 'drizzle-orm';
import { callJson, messagesOf } from '@pawfresh/testing';
import * as staffApi from './harness.js';
import type { Customer, RouteCalls } from './harness.js';

/**
 * Forecast and stock (issue 32 item 3): each kitchen's boxes per day, a kitchen's units per
 * product per make date with the days a product runs short, and the rebalance of a day: the dry
 * run, then the move of the same boxes with a reason and an audit row. Every route: every role, a
 * customer token and none, bad input, and the orders read back.
 */
const { h, call, ids, as } = staffApi.useStaffApiAsEveryone();
const REASON =
  'reason is required: say why these boxes move (the kitchen day that is too full); it is kept in the audit log';

let boxes: Customer[];
let makeDate: string;
let toDate: string;

/** How many rebalances the audit log holds. */
async function rebalancesRecorded(): Promise<number> {
  const found = await h.database
    .forSchema({})
    .execute(
      sql`select count(*)::int as n from audit.audit_events where action = 'forecast.rebalance'`,
    );
  return (found as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
const makeDateOf = async (c: Customer) => (await staffApi.orderNow(h, c.order.id)).makeDate;

beforeAll(async () => {
  boxes = [];
  // One after the other: the rebalance takes the oldest orders (lowest numbers) first.
  for (let i = 0; i < 3; i++) boxes.push(await staffApi.customer(h));
  for (const c of boxes) await staffApi.movePayment(h, c, ['processing', 'processed']);
  makeDate = await makeDateOf(boxes[0]!);
  expect(await Promise.all(boxes.map(makeDateOf))).toEqual([makeDate, makeDate, makeDate]);
  // A day before, within the 2 days the rule allows, that the kitchens cook on.
  toDate = isSunday(addDays(makeDate, -1)) ? addDays(makeDate, -2) : addDays(makeDate, -1);
});

const read = async <T>(url: string) => {
  const res = await call('GET', url, undefined, as.operations);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const rebalanceBody = (over: Record<string, unknown> = {}) => ({
  facilityId: 1,
  fromDate: makeDate,
  toDate,
  amountOfBoxes: 2,
  ...over,
});

describe('the forecast', () => {
  it('answers each kitchen by name, every day of two weeks, with the boxes per depot', async () => {
    const fromDate = addDays(makeDate, -3);
    const forecast = await read<BoxForecast>(`/forecast?fromDate=${fromDate}`);
    expect(forecast.makeDates).toHaveLength(14);
    expect(forecast).toMatchObject({ fromDate, toDate: addDays(fromDate, 13) });
    expect(forecast.facilities.map((f) => f.name)).toEqual(['Melbourne kitchen', 'Sydney kitchen']);
    const [melbourne, sydney] = forecast.facilities;
    expect(melbourne!.days.map((d) => d.makeDate)).toEqual(forecast.makeDates);
    expect(melbourne!.days.find((d) => d.makeDate === makeDate)).toEqual({
      makeDate,
      boxes: 3,
      depots: [{ depotCode: 'MEL', boxes: 3 }],
    });
    expect(melbourne!.days.reduce((n, d) => n + d.boxes, 0)).toBe(3);
    expect(sydney!.days.every((d) => d.boxes === 0)).toBe(true);
  });

  it('bad or odd query text is a 400 in the envelope', async () => {
    for (const [url, message] of [
      ['/forecast?fromDate=tomorrow', 'Invalid date format. Expected YYYY-MM-DD.'],
      ['/forecast?colour=red', 'Unknown field: colour'],
      ['/stock?facilityId=3', 'facilityId must be one of the kitchens: 1 or 2'],
      ['/stock?fromDate=2026-02-30', 'Invalid date format. Expected YYYY-MM-DD.'],
    ] as const) {
      const res = await call('GET', url, undefined, as.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res), url).toContain(message);
    }
  });
});

describe('the stock monitor', () => {
  it('answers each product by name per make date; a product the catalogue is out of runs short on the days it is needed', async () => {
    const fromDate = addDays(makeDate, -3);
    const stock = await read<StockMonitor>(`/stock?facilityId=1&fromDate=${fromDate}`);
    expect(stock).toMatchObject({ facilityId: 1, name: 'Melbourne kitchen', fromDate });
    expect(stock.makeDates).toHaveLength(14);
    const meal = stock.products.find((p) => p.kind === 'meal')!;
    const onTheDay = meal.days.find((d) => d.makeDate === makeDate)!;
    expect(onTheDay.quantity).toBeGreaterThan(0);
    expect(meal.total).toBe(onTheDay.quantity);
    expect(onTheDay.quantity % 3).toBe(0);
    expect(meal).toMatchObject({ status: 'active', available: true, shortDays: [], type: 'meal' });
    const product = h.meals.find((m) => m.id === meal.productId)!;
    expect(meal.name).toBe(
      product.variants.find((v) => v.id === meal.productVariantId)!.variantName,
    );
    expect(meal.name.startsWith(product.name)).toBe(true);
    expect(meal.days.some((d) => d.short)).toBe(false);

    const out = await callJson(
      h.apps.product!,
      'PATCH',
      `/api/v1/variants/${meal.productVariantId}/status`,
      {
        status: 'out_of_stock',
      },
    );
    expect(out.statusCode, out.body).toBe(200);
    const short = (
      await read<StockMonitor>(`/stock?facilityId=1&fromDate=${fromDate}`)
    ).products.find((p) => p.productVariantId === meal.productVariantId)!;
    expect(short).toMatchObject({
      status: 'out_of_stock',
      available: false,
      shortDays: [makeDate],
    });
    expect(short.days.filter((d) => d.short).map((d) => d.makeDate)).toEqual([makeDate]);
    await callJson(h.apps.product!, 'PATCH', `/api/v1/variants/${meal.productVariantId}/status`, {
      status: 'active',
    });
  });
});

describe('who may', () => {
  it('operations and admin read and rebalance; support and marketing are refused naming the permission; customers 403, no token 401', async () => {
    const routes: RouteCalls = {
      boxForecast: ['GET', '/forecast'],
      stockMonitor: ['GET', '/stock?facilityId=2'],
      // A body the contract refuses: past the permission, nothing done.
      rebalancePlan: ['POST', '/forecast/rebalance/dry-run', rebalanceBody({ amountOfBoxes: 0 })],
      rebalance: [
        'POST',
        '/forecast/rebalance',
        rebalanceBody({ reason: 'Too full', facilityId: 3 }),
      ],
    };
    await staffApi.expectPermissionMatrix(call, as, routes);
    await staffApi.expectOnlyStaff(call, as, routes);
    expect(await Promise.all(boxes.map(makeDateOf))).toEqual([makeDate, makeDate, makeDate]);
  });
});

describe('the rebalance', () => {
  it('bad bodies are 400s naming the field; a reason is required to move', async () => {
    for (const [body, message] of [
      [
        rebalanceBody({ amountOfBoxes: 2.5 }),
        'amountOfBoxes must be a whole number from 1 to 10000',
      ],
      [rebalanceBody({ facilityId: '1' }), 'facilityId must be one of the kitchens: 1 or 2'],
      [rebalanceBody({ toDate: 'soon' }), 'Invalid date format. Expected YYYY-MM-DD.'],
      [rebalanceBody({ force: 'yes' }), 'force must be true or false'],
      [rebalanceBody({ dryRun: true }), 'Unknown field: dryRun'],
    ] as const) {
      const res = await call('POST', '/forecast/rebalance/dry-run', body, as.operations);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    await staffApi.expectSpoiltBodiesRefused(
      call,
      as,
      { rebalance: ['/forecast/rebalance', rebalanceBody({ reason: 'Too full' })] },
      REASON,
    );
    expect(await Promise.all(boxes.map(makeDateOf))).toEqual([makeDate, makeDate, makeDate]);
  });

  it('a dry run lists the boxes that would move and moves none; the move then moves those, recorded as the member of staff’s', async () => {
    const dry = await call('POST', '/forecast/rebalance/dry-run', rebalanceBody(), as.operations);
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json<RebalancePlan>();
    expect(plan).toEqual({
      facilityId: 1,
      fromDate: makeDate,
      toDate,
      requested: 2,
      boxes: 2,
      orderIds: [boxes[0]!.order.id, boxes[1]!.order.id],
      staying: [],
    });
    expect(await Promise.all(boxes.map(makeDateOf))).toEqual([makeDate, makeDate, makeDate]);

    const done = await call(
      'POST',
      '/forecast/rebalance',
      rebalanceBody({ reason: 'Melbourne is short of a cook on the day' }),
      as.operations,
    );
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json<RebalanceResult>();
    expect(result).toMatchObject({ moved: 2, requested: 2, movedOrderIds: plan.orderIds });
    expect(result.audit).toMatchObject({
      actor: { type: 'staff', userId: ids.operations, role: 'operations', name: 'Test Session' },
      action: 'forecast.rebalance',
      permission: 'forecast:rebalance',
      targetType: 'make-date',
      targetId: `facility-1:${makeDate}`,
      customerId: null,
      reason: 'Melbourne is short of a cook on the day',
      before: { facility: 'Melbourne kitchen', boxes: { [makeDate]: 3, [toDate]: 0 } },
      after: {
        facility: 'Melbourne kitchen',
        boxes: { [makeDate]: 1, [toDate]: 2 },
        movedOrderIds: plan.orderIds,
      },
    });
    expect(await staffApi.storedAuditOf(h, result.audit!.id)).toMatchObject({
      actor_user_id: ids.operations,
      action: 'forecast.rebalance',
      reason: 'Melbourne is short of a cook on the day',
    });
    // Read back: the two oldest boxes are made a day earlier, queued for the kitchen.
    const [first, second, third] = await Promise.all(
      boxes.map((c) => staffApi.orderNow(h, c.order.id)),
    );
    expect([first!.makeDate, second!.makeDate, third!.makeDate]).toEqual([
      toDate,
      toDate,
      makeDate,
    ]);
    expect(first).toMatchObject<Partial<Order>>({ rebalancingStatus: 'queued' });
    const melbourne = (await read<BoxForecast>(`/forecast?fromDate=${toDate}`)).facilities[0]!;
    const boxesOn = (date: string) => melbourne.days.find((d) => d.makeDate === date)!.boxes;
    expect([boxesOn(toDate), boxesOn(makeDate)]).toEqual([2, 1]);
  });

  it('a day nothing may move from is the order service’s 409 in its words, and nothing is recorded', async () => {
    const sunday = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(makeDate, -n)).find(isSunday)!;
    const recorded = await rebalancesRecorded();
    for (const [url, body] of [
      ['/forecast/rebalance/dry-run', rebalanceBody({ toDate: sunday, force: true })],
      ['/forecast/rebalance', rebalanceBody({ toDate: sunday, force: true, reason: 'Sunday' })],
    ] as const) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, url).toBe(409);
      expect(messagesOf(res)).toEqual([
        `No box made on ${makeDate} can move to ${sunday}: the kitchens do not cook on Sundays`,
      ]);
    }
    expect(await makeDateOf(boxes[2]!)).toBe(makeDate);
    expect(await rebalancesRecorded()).toBe(recorded);
  });
});
