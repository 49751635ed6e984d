import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import type {
  OneOffExtraResult,
  OrderChangeResult,
} from '@pawfresh/contracts/orchestration-order-changes';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { caller, callJson, catalogue, household, messagesOf } from '@pawfresh/testing';
import { harness, householdApps, readOrderOf, type Harness } from './harness.js';

let h: Harness;
const call = caller(() => h.app);
let treats: Awaited<ReturnType<typeof catalogue>>['treats'];
let meal: Awaited<ReturnType<typeof catalogue>>['meal'];

beforeAll(async () => {
  h = await harness();
  ({ treats, meal } = await catalogue(h.services.product!));
});
afterAll(() => h?.close());
afterEach(() => {
  h.allUp();
  h.clock.set('2026-11-02T09:00:00.000Z');
});

const apps = () => householdApps(h);
const readOrder = (id: string) => readOrderOf(h, id);
const events = async (id: string) =>
  (await callJson(h.services.order!, 'GET', `/api/v1/orders/${id}/events`)).json<
    { action: string }[]
  >();
/** 10% off each unit, rounded down (the household's recurring discount). */
const tenOff = (cents: number) => cents - Math.floor((cents * 10) / 100);

describe('POST /workflows/update-order-extras', () => {
  it("sets the order's one-off extras, repriced with the subscription's discount at its position", async () => {
    const home = await household<Order>(apps(), 2);
    const [first] = home.orders;
    const [a, b] = treats;
    const res = await call('POST', '/workflows/update-order-extras', {
      orderId: first!.id,
      userId: home.userId,
      extras: [
        { productVariantId: a!.id, quantity: 2, extraType: 'treat' },
        { productVariantId: b!.id, quantity: 1 },
      ],
      workflowId: `extras-${first!.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderChangeResult>();
    expect(body.workflowId).toBe(`extras-${first!.id}`);
    const order = body.orders[0]!;
    const turkey = meal('turkey');
    expect(
      order.orderLineItems.map((i) => [
        i.productVariantId,
        i.quantity,
        i.price,
        i.discountedPrice,
        i.oneOff,
      ]),
    ).toEqual([
      [turkey.id, 14, turkey.basePrice, tenOff(turkey.basePrice), false],
      [a!.id, 2, a!.basePrice, tenOff(a!.basePrice), true],
      [b!.id, 1, b!.basePrice, tenOff(b!.basePrice), true],
    ]);
    expect(order.totalCharge).toBe(
      14 * tenOff(turkey.basePrice) + 2 * tenOff(a!.basePrice) + tenOff(b!.basePrice),
    );
    expect(order.orderLineItems.every((i) => i.discountScheduleApplicationId)).toBe(true);
    expect(await readOrder(first!.id)).toMatchObject({ version: order.version });

    // The same workflowId answers the first result without changing anything again.
    const again = await call('POST', '/workflows/update-order-extras', {
      orderId: first!.id,
      userId: home.userId,
      extras: [],
      workflowId: `extras-${first!.id}`,
    });
    expect(again.json<OrderChangeResult>().orders[0]!.version).toBe(order.version);
    expect((await readOrder(first!.id)).version).toBe(order.version);

    // An empty list takes the extras off; lines kept keep their ids.
    const cleared = await call('POST', '/workflows/update-order-extras', {
      orderId: first!.id,
      extras: [{ productVariantId: b!.id, quantity: 3 }],
    });
    const kept = cleared.json<OrderChangeResult>().orders[0]!;
    expect(kept.orderLineItems.map((i) => i.id)).toEqual([
      order.orderLineItems[0]!.id,
      order.orderLineItems[2]!.id,
    ]);
    expect(kept.orderLineItems[1]!.quantity).toBe(3);
  });

  it('refuses a meal as an extra, and an unknown variant, changing nothing', async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const res = await call('POST', '/workflows/update-order-extras', {
      orderId: order.id,
      extras: [
        { productVariantId: meal('beef').id, quantity: 1 },
        { productVariantId: randomUUID(), quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      expect.stringMatching(/is a meal: only treats and supplements can be extras$/),
      expect.stringMatching(/is not in the catalogue$/),
    ]);
    expect((await readOrder(order.id)).version).toBe(order.version);
  });

  it("is a 404 for another customer's order, which stays as it was", async () => {
    const mine = await household<Order>(apps(), 1);
    const theirs = await household<Order>(apps(), 1);
    const res = await call('POST', '/workflows/update-order-extras', {
      orderId: theirs.orders[0]!.id,
      userId: mine.userId,
      extras: [{ productVariantId: treats[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual([`Order ${theirs.orders[0]!.id} not found`]);
    expect((await readOrder(theirs.orders[0]!.id)).version).toBe(theirs.orders[0]!.version);
  });

  it("carries the order service's 409 past the cut-off, and the run records it", async () => {
    const home = await household<Order>(apps(), 2);
    h.clock.set('2026-11-17T01:00:00.000Z'); // after 5pm on 16 November in Melbourne
    const workflowId = `late-${randomUUID()}`;
    const res = await call('POST', '/workflows/update-order-extras', {
      orderId: home.orders[0]!.id,
      extras: [{ productVariantId: treats[0]!.id, quantity: 1 }],
      workflowId,
    });
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)).toEqual([
      // In the customer's words: no cut-off instant, no status (the order service's are for staff).
      'Your box of Friday 20 November can no longer change: changes for it have closed',
    ]);
    const run = (await call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    expect(run.status).toBe('ERROR');
    expect(run.error?.statusCode).toBe(409);
    // The later order can still change.
    const later = await call('POST', '/workflows/update-order-extras', {
      orderId: home.orders[1]!.id,
      extras: [{ productVariantId: treats[0]!.id, quantity: 1 }],
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('answers 502 when pricing is down, with nothing written', async () => {
    const home = await household<Order>(apps(), 1);
    h.down.pricing = true;
    const res = await call('POST', '/workflows/update-order-extras', {
      orderId: home.orders[0]!.id,
      extras: [{ productVariantId: treats[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(502);
    expect(messagesOf(res)).toEqual([
      'Pricing the order is not possible just now; try again in a minute',
    ]);
    expect((await readOrder(home.orders[0]!.id)).version).toBe(home.orders[0]!.version);
  });
});

describe('one-off extras: add, update, delete', () => {
  it('adds, changes and removes a one-off extra, repricing each time', async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const treat = treats[1]!;
    const added = await call('POST', '/workflows/add-one-off-extra', {
      orderId: order.id,
      userId: home.userId,
      subscriptionId: home.subscriptionId,
      productVariantId: treat.id,
      quantity: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    const a = added.json<OneOffExtraResult>();
    const line = a.order.orderLineItems.find((i) => i.id === a.orderLineItemId)!;
    expect(line).toMatchObject({
      productVariantId: treat.id,
      quantity: 2,
      oneOff: true,
      discountedPrice: tenOff(treat.basePrice),
    });

    const updated = await call('POST', '/workflows/update-one-off-extra', {
      orderId: order.id,
      userId: home.userId,
      orderLineItemId: a.orderLineItemId,
      quantity: 5,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const u = updated.json<OneOffExtraResult>().order;
    expect(u.orderLineItems.find((i) => i.id === a.orderLineItemId)!.quantity).toBe(5);
    expect(u.totalCharge).toBe(14 * tenOff(meal('turkey').basePrice) + 5 * tenOff(treat.basePrice));

    const deleted = await call('POST', '/workflows/delete-one-off-extra', {
      orderId: order.id,
      userId: home.userId,
      orderLineItemId: a.orderLineItemId,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const d = deleted.json<OneOffExtraResult>();
    expect(d.orderLineItemId).toBeNull();
    expect(d.order.orderLineItems.map((i) => i.id)).toEqual([order.orderLineItems[0]!.id]);
    expect((await events(order.id)).filter((e) => e.action === 'line_items_updated')).toHaveLength(
      3,
    );
  });

  it('finds no meal line, no other subscription and no other customer', async () => {
    const home = await household<Order>(apps(), 1);
    const other = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const mealLine = order.orderLineItems[0]!.id;
    const notExtra = await call('POST', '/workflows/update-one-off-extra', {
      orderId: order.id,
      orderLineItemId: mealLine,
      quantity: 2,
    });
    expect(notExtra.statusCode).toBe(404);
    expect(messagesOf(notExtra)).toEqual([
      `Extra ${mealLine} is not a one-off extra of order ${order.id}`,
    ]);
    const otherSub = await call('POST', '/workflows/add-one-off-extra', {
      orderId: order.id,
      subscriptionId: other.subscriptionId,
      productVariantId: treats[0]!.id,
      quantity: 1,
    });
    expect(otherSub.statusCode).toBe(404);
    const otherCustomer = await call('POST', '/workflows/delete-one-off-extra', {
      orderId: order.id,
      userId: other.userId,
      orderLineItemId: mealLine,
    });
    expect(otherCustomer.statusCode).toBe(404);
    expect((await readOrder(order.id)).version).toBe(order.version);
  });
});

describe('POST /workflows/update-order-recipe-mix', () => {
  it("shares the dog's pouches among new meals by ratio, same size, repriced", async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const beef = meal('beef');
    const chicken = meal('chicken');
    const res = await call('POST', '/workflows/update-order-recipe-mix', {
      orderId: order.id,
      userId: home.userId,
      animalId: home.dogId,
      skus: [
        { productVariantId: beef.id, ratio: 0.5 },
        { productVariantId: chicken.id, ratio: 0.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<OrderChangeResult>().orders[0]!;
    expect(
      changed.orderLineItems.map((i) => [
        i.productVariantId,
        i.quantity,
        i.price,
        i.planType,
        i.animalId,
      ]),
    ).toEqual([
      [beef.id, 7, beef.basePrice, 'full_bowl', home.dogId],
      [chicken.id, 7, chicken.basePrice, 'full_bowl', home.dogId],
    ]);
    expect(changed.totalCharge).toBe(7 * tenOff(beef.basePrice) + 7 * tenOff(chicken.basePrice));

    const noDog = await call('POST', '/workflows/update-order-recipe-mix', {
      orderId: order.id,
      animalId: randomUUID(),
      skus: [{ productVariantId: beef.id, ratio: 1 }],
    });
    expect(noDog.statusCode).toBe(404);
  });
});
