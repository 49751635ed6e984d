import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fuzzContract, harnessForFile, messagesOf, serviceAuth } from '@pawfresh/testing';
import {
  NO_ORDERS_MESSAGE,
  POSTCODE_MESSAGE,
  fulfilmentContract,
  type Box,
  type Fulfilment,
  type Job,
} from '@pawfresh/contracts/fulfilment';
import type { Order } from '@pawfresh/contracts/order';
import { extraLine, fulfil, harness, mealLine, paidOrder } from './harness.js';
import { readPdf } from './pdf-text.js';

const h = harnessForFile(harness);

const orderOf = async (id: string) =>
  (await h.callOrder('GET', `/api/v1/orders/${id}`)).json<Order>();
const fulfilmentOf = async (id: string) =>
  (await h.call('GET', `/api/v1/fulfilments/${id}`)).json<Fulfilment>();

async function oneFulfilment(lines?: unknown[]) {
  const order = await paidOrder(h, lines ?? [mealLine(h, 14, 500), mealLine(h, 7, 300, 1)]);
  const created = await fulfil(h, [order.id]);
  return { order, ...created.fulfilments[0]! };
}

describe('creating fulfilments', () => {
  it('packs a paid order into boxes with a pending job each, and a retry creates nothing twice', async () => {
    const order = await paidOrder(h, [
      mealLine(h, 14, 500),
      mealLine(h, 28, 600, 1),
      extraLine(h, 2),
    ]);
    const first = await fulfil(h, [order.id]);
    expect(first.created).toBe(1);
    const { fulfilmentId, boxIds, jobIds } = first.fulfilments[0]!;
    expect(boxIds.length).toBe(2);
    expect(jobIds.length).toBe(2);

    const again = await fulfil(h, [order.id]);
    expect(again).toMatchObject({ created: 0, existing: 1 });
    expect(again.fulfilments[0]).toEqual(first.fulfilments[0]);

    const boxes = (await h.call('GET', `/api/v1/boxes/by-Order/${order.id}`)).json<Box[]>();
    expect(boxes.map((b) => b.boxId)).toEqual(boxIds);
    const meals = boxes.flatMap((b) => b.contents.filter((c) => c.type === 'meal'));
    expect(meals.reduce((n, c) => n + c.quantity, 0)).toBe(42);
    const extras = boxes.flatMap((b) => b.contents.filter((c) => c.type === 'extra'));
    expect(extras.reduce((n, c) => n + c.quantity, 0)).toBe(2);
    expect(extras[0]!.category).toBe('treat');
    for (const box of boxes) {
      expect(box.serialNumber).toMatch(/^PFR\d+$/);
      expect(box.orderIds).toEqual([order.id]);
      expect(box.customerName).toBe('Sam Citizen');
      expect(box.boxCount).toBe(2);
      expect(box.contents.some((c) => c.type === 'icepack_top')).toBe(true);
      expect(box.contents.some((c) => c.type === 'icepack_bottom')).toBe(true);
      // Made Thursday 19 November; the courier collects at 5pm in Melbourne (AEDT, UTC+11).
      expect(box.dispatchTimeUTC).toBe('2026-11-19T06:00:00.000Z');
      expect(box.has5pmCutoff).toBe(true);
    }

    const jobs = (await h.call('GET', `/api/v1/jobs/by-fulfilment/${fulfilmentId}`)).json<Job[]>();
    expect(jobs.map((j) => j.jobId)).toEqual(jobIds);
    expect(jobs.every((j) => j.status === 'pending' && j.facilityId === 1)).toBe(true);
    expect(jobs[0]!.boxSerialNumber).toBe(boxes[0]!.serialNumber);
    expect(jobs[0]!.box.boxId).toBe(boxIds[0]);
    expect(jobs[0]!.customerId).toBe(order.userId);
  });

  it('answers bad input with the spec messages', async () => {
    const empty = await h.call('POST', '/api/v1/fulfilments/facilities/1', { orderIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(messagesOf(empty)).toContain(NO_ORDERS_MESSAGE);
    const postcode = await h.call('POST', '/api/v1/fulfilments/facilities/1', {
      orderIds: [randomUUID()],
      facilityAssignment: { postcode: '312' },
    });
    expect(postcode.statusCode).toBe(400);
    expect(messagesOf(postcode)).toContain(POSTCODE_MESSAGE);
    const facility = await h.call('POST', '/api/v1/fulfilments/facilities/kitchen', {
      orderIds: [randomUUID()],
    });
    expect(facility.statusCode).toBe(400);
    const badId = await h.call('POST', '/api/v1/fulfilments/facilities/1', { orderIds: ['x'] });
    expect(messagesOf(badId)).toEqual(['orderIds[] must be a valid UUID']);
  });

  it('refuses unknown, unpaid and other-kitchen orders, writing nothing', async () => {
    const paid = await paidOrder(h, [mealLine(h, 7)]);
    const missing = randomUUID();
    const unknown = await h.call('POST', '/api/v1/fulfilments/facilities/1', {
      orderIds: [paid.id, missing],
    });
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)[0]).toContain(missing);

    const created = await h.callOrder('POST', '/api/v1/orders', {
      userId: randomUUID(),
      deliveryDate: '2026-11-20',
      expectedDeliverySlotId: 'PM',
      address: {
        firstName: 'Una',
        lastName: 'Paid',
        address1: '1 Road',
        suburb: 'Richmond',
        state: 'VIC',
        postcode: '3121',
      },
      orderLineItems: [mealLine(h, 7)],
    });
    const unpaid = await h.call('POST', '/api/v1/fulfilments/facilities/1', {
      orderIds: [paid.id, created.json<Order>().id],
    });
    expect(unpaid.statusCode).toBe(409);
    expect(messagesOf(unpaid)[0]).toContain('is not paid');

    const elsewhere = await h.call('POST', '/api/v1/fulfilments/facilities/2', {
      orderIds: [paid.id],
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(messagesOf(elsewhere)[0]).toContain('never split across kitchens');

    const assigned = await h.call('POST', '/api/v1/fulfilments/facilities/1', {
      orderIds: [paid.id],
      facilityAssignment: { postcode: '2010' },
    });
    expect(assigned.statusCode).toBe(409);
    expect(messagesOf(assigned)[0]).toContain('assigned to facility 2');

    expect((await h.call('GET', `/api/v1/boxes/by-Order/${paid.id}`)).json()).toEqual([]);
    const ok = await h.call('POST', '/api/v1/fulfilments/facilities/1', {
      orderIds: [paid.id],
      facilityAssignment: { postcode: '3121' },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('job statuses', () => {
  it('re-queues and de-queues, telling the order so the customer sees PREPARING', async () => {
    const { order, fulfilmentId, jobIds } = await oneFulfilment();
    const requeued = await h.call('POST', `/api/v1/jobs/fulfilments/${fulfilmentId}/requeue-jobs`);
    expect(requeued.statusCode).toBe(200);
    expect(requeued.json()).toEqual({
      queuedJobs: jobIds,
      skippedJobs: [],
      message: `${jobIds.length} of ${jobIds.length} jobs queued`,
    });
    expect((await fulfilmentOf(fulfilmentId)).status).toBe('queued');
    const queuedOrder = await orderOf(order.id);
    expect(queuedOrder.fulfilmentStatus).toBe('queued');
    expect(queuedOrder.displayType).toBe('PREPARING');

    const twice = await h.call('POST', `/api/v1/jobs/fulfilments/${fulfilmentId}/requeue-jobs`);
    expect(twice.json()).toMatchObject({ queuedJobs: [] });
    expect(twice.json<{ skippedJobs: { reason: string }[] }>().skippedJobs[0]!.reason).toBe(
      'The job is already queued',
    );

    const dequeued = await h.call('DELETE', `/api/v1/jobs/fulfilments/${fulfilmentId}/queue-jobs`);
    expect(dequeued.json()).toMatchObject({ queuedJobs: jobIds, skippedJobs: [] });
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('pending');
  });

  it('holds and releases; a held fulfilment is not re-queued', async () => {
    const { order, fulfilmentId } = await oneFulfilment();
    const held = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}/hold-status`, {
      isOnHold: true,
    });
    expect(held.statusCode).toBe(200);
    expect(held.json<Fulfilment>()).toMatchObject({ isOnHold: true, status: 'on_hold' });
    expect(held.json<Fulfilment>().jobs.every((j) => j.status === 'on_hold')).toBe(true);
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('on_hold');

    const requeue = await h.call('POST', `/api/v1/jobs/fulfilments/${fulfilmentId}/requeue-jobs`);
    expect(requeue.json<{ queuedJobs: string[] }>().queuedJobs).toEqual([]);
    expect(requeue.json<{ message: string }>().message).toContain('skipped');

    const released = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}/hold-status`, {
      isOnHold: false,
    });
    expect(released.json<Fulfilment>()).toMatchObject({ isOnHold: false, status: 'pending' });
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('pending');
  });

  it('moves along the table, refuses moves not in it, and checks the version', async () => {
    const { order, fulfilmentId } = await oneFulfilment();
    const illegal = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
      status: 'packed',
    });
    expect(illegal.statusCode).toBe(409);
    expect(messagesOf(illegal)[0]).toContain('A job cannot move from pending to packed');

    const before = await fulfilmentOf(fulfilmentId);
    const stale = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
      stationId: 'S1',
      version: before.version + 1,
    });
    expect(stale.statusCode).toBe(409);

    for (const status of ['queued', 'in_progress']) {
      const moved = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
        status,
        stationId: 'S1',
        pnpWorkerId: 'W7',
        version: (await fulfilmentOf(fulfilmentId)).version,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<Fulfilment>().status).toBe(status);
    }
    const jobs = (await h.call('GET', `/api/v1/jobs/by-fulfilment/${fulfilmentId}`)).json<Job[]>();
    expect(jobs.every((j) => j.stationId === 'S1' && j.pnpWorkerId === 'W7')).toBe(true);
    const started = await h.call('GET', `/api/v1/fulfilments/${fulfilmentId}/has-started`);
    expect(started.json()).toEqual({
      hasStarted: true,
      isBlocked: true,
      statuses: ['in_progress'],
    });
    expect((await orderOf(order.id)).displayType).toBe('PREPARING');

    for (const status of ['packed', 'palletised']) {
      const moved = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, { status });
      expect(moved.json<Fulfilment>().status).toBe(status);
    }
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('palletised');
    const final = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
      status: 'queued',
    });
    expect(messagesOf(final)[0]).toContain('palletised is final');
  });

  it('backlogs and un-backlogs', async () => {
    const { order, fulfilmentId } = await oneFulfilment();
    const backlogged = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
      isBacklogged: true,
    });
    expect(backlogged.json<Fulfilment>()).toMatchObject({ isBacklogged: true, status: 'backlog' });
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('backlog');
    const back = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}`, {
      isBacklogged: false,
    });
    expect(back.json<Fulfilment>()).toMatchObject({ isBacklogged: false, status: 'pending' });
  });

  it('refuses hold, deletion and contents changes once queued, with a 409 that says why, losing nothing', async () => {
    const { order, fulfilmentId, boxIds } = await oneFulfilment();
    await h.call('POST', `/api/v1/jobs/fulfilments/${fulfilmentId}/requeue-jobs`);
    const before = await fulfilmentOf(fulfilmentId);

    const hold = await h.call('PATCH', `/api/v1/fulfilments/${fulfilmentId}/hold-status`, {
      isOnHold: true,
    });
    expect(hold.statusCode).toBe(409);
    expect(messagesOf(hold)[0]).toContain('a job is queued');
    const del = await h.call('DELETE', `/api/v1/fulfilments/${fulfilmentId}`);
    expect(del.statusCode).toBe(409);
    expect(messagesOf(del)[0]).toContain('cannot be deleted: a job is queued');
    const contents = await h.call('PATCH', `/api/v1/boxes/${boxIds[0]}/contents`, {
      contents: [{ type: 'meal', weight: 500, sku: 'X', name: 'X', quantity: 1 }],
      reason: 'Swap',
      updatedBy: 'staff@pawfresh',
    });
    expect(contents.statusCode).toBe(409);
    expect(messagesOf(contents)[0]).toContain('Its contents cannot change: a job is queued');

    expect(await fulfilmentOf(fulfilmentId)).toEqual(before);
    expect((await orderOf(order.id)).fulfilmentStatus).toBe('queued');
  });

  it('deletes a fulfilment not started, with its jobs and boxes', async () => {
    const { order, fulfilmentId, boxIds } = await oneFulfilment();
    const started = await h.call('GET', `/api/v1/fulfilments/${fulfilmentId}/has-started`);
    expect(started.json()).toEqual({ hasStarted: false, isBlocked: false, statuses: ['pending'] });
    expect((await h.call('DELETE', `/api/v1/fulfilments/${fulfilmentId}`)).statusCode).toBe(204);
    expect((await h.call('GET', `/api/v1/fulfilments/${fulfilmentId}`)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v1/jobs/by-fulfilment/${fulfilmentId}`)).statusCode).toBe(
      404,
    );
    expect((await h.call('GET', `/api/v1/boxes/${boxIds[0]}/label.pdf`)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v1/boxes/by-Order/${order.id}`)).json()).toEqual([]);
    expect((await h.call('DELETE', `/api/v1/fulfilments/${fulfilmentId}`)).statusCode).toBe(404);
    // The order can be fulfilled again.
    expect((await fulfil(h, [order.id])).created).toBe(1);
  });

  it('answers bad and unknown ids', async () => {
    for (const url of [
      '/api/v1/fulfilments/nope',
      '/api/v1/jobs/by-fulfilment/nope',
      '/api/v1/fulfilments/nope/has-started',
      '/api/v1/boxes/by-Order/nope',
      '/api/v1/boxes/nope/label.pdf',
    ]) {
      const res = await h.call('GET', url);
      expect(res.statusCode, url).toBe(400);
    }
    const unknown = randomUUID();
    for (const [method, url, body] of [
      ['GET', `/api/v1/fulfilments/${unknown}/has-started`, undefined],
      ['PATCH', `/api/v1/fulfilments/${unknown}/hold-status`, { isOnHold: true }],
      ['POST', `/api/v1/jobs/fulfilments/${unknown}/requeue-jobs`, undefined],
      ['DELETE', `/api/v1/jobs/fulfilments/${unknown}/queue-jobs`, undefined],
      ['PATCH', `/api/v1/fulfilments/${unknown}`, { stationId: 'S' }],
      ['PATCH', `/api/v1/boxes/${unknown}/serial-number`, { serialNumber: 'PFR1' }],
    ] as const) {
      const res = await h.call(method, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await h.call('GET', `/api/v1/boxes/by-Order/${unknown}`)).json()).toEqual([]);
  });
});

describe('a kitchen’s make date (the packing floor)', () => {
  it('lists every fulfilment of the day with its jobs and boxes, and the make dates from a day on', async () => {
    const day = { deliveryDate: '2026-11-27' };
    const a = await paidOrder(h, [mealLine(h, 14, 500)], day);
    const b = await paidOrder(h, [mealLine(h, 30, 500), extraLine(h, 1)], day);
    await fulfil(h, [a.id, b.id]);
    const makeDate = (await orderOf(a.id)).makeDate;
    const res = await h.call('GET', `/api/v1/fulfilments/facilities/1?makeDate=${makeDate}`);
    expect(res.statusCode, res.body).toBe(200);
    const day1 = res.json<Fulfilment[]>();
    expect(day1.map((f) => f.orderId).sort()).toEqual([a.id, b.id].sort());
    for (const f of day1) {
      expect(f.jobs.map((j) => j.boxId)).toEqual(f.boxes.map((x) => x.boxId));
      expect(f).toEqual(await fulfilmentOf(f.fulfilmentId));
    }
    expect(day1.find((f) => f.orderId === b.id)!.boxes.length).toBe(2);
    expect(
      (await h.call('GET', `/api/v1/fulfilments/facilities/2?makeDate=${makeDate}`)).json(),
    ).toEqual([]);

    const dates = await h.call('GET', `/api/v1/facilities/1/make-dates?from=${makeDate}`);
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json<{ makeDate: string }[]>()[0]).toEqual({ makeDate, fulfilments: 2 });
    // The day's labels: one page per box, by depot, customer and box number.
    const labels = await h.call('GET', `/api/v1/facilities/1/labels.pdf?makeDate=${makeDate}`);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(labels.rawPayload);
    expect(read).toMatchObject({ pages: 3, widthMm: 100, heightMm: 150 });
    for (const box of day1.flatMap((f) => f.boxes)) expect(read.text).toContain(box.serialNumber);
    const otherDepot = await h.call(
      'GET',
      `/api/v1/facilities/1/labels.pdf?makeDate=${makeDate}&depotCode=ADL`,
    );
    expect(otherDepot.statusCode).toBe(200);
    expect((await readPdf(otherDepot.rawPayload)).pages).toBe(0);
    const later = await h.call('GET', `/api/v1/facilities/1/make-dates?from=2026-11-28`);
    expect(later.json()).toEqual([]);
    for (const url of [
      '/api/v1/fulfilments/facilities/1',
      '/api/v1/fulfilments/facilities/1?makeDate=soon',
      '/api/v1/facilities/1/make-dates?from=2026-11-01&limit=0',
      '/api/v1/facilities/1/labels.pdf?makeDate=2026-11-26&depotCode=melbourne',
    ]) {
      const bad = await h.call('GET', url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('the contract', () => {
  it('answers odd input with a 4xx in the envelope, never a 500', async () => {
    const problems = await fuzzContract(h.app, fulfilmentContract, serviceAuth, 15);
    expect(problems).toEqual([]);
  }, 240_000);
});
