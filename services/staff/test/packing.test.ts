import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Fulfilment } from '@pawfresh/contracts/fulfilment';
import type {
  PackingBoard,
  PackingBox,
  PackingFulfilment,
} from '@pawfresh/contracts/staff-packing';
import { callJson, messagesOf } from '@pawfresh/testing';
import * as staffApi from './harness.js';
import type { Customer, RouteCalls } from './harness.js';

/**
 * The packing floor (issue 32 item 2): a kitchen's make date on a board, and hold / release,
 * queue / take off, deprioritise, a box's serial number and contents, its label and the day's
 * pick list, each through the fulfilment service. Every route: every role, a customer token and
 * none, bad input, the audit row, and the fulfilment read back.
 */
const { h, call, ids, as } = staffApi.useStaffApiAsEveryone();
const REASON =
  'reason is required: say why (what the kitchen or the customer needs); it is kept in the audit log';

let holding: Customer;
let queueing: Customer;
let boxing: Customer;
let makeDate: string;
const fulfilmentOf: Record<string, string> = {};

/** The customer's box paid, then fulfilled in the Melbourne kitchen (facility 1). */
async function paidAndFulfilled(c: Customer): Promise<Fulfilment> {
  await staffApi.movePayment(h, c, ['processing', 'processed']);
  const made = await callJson(h.apps.fulfilment!, 'POST', '/api/v1/fulfilments/facilities/1', {
    orderIds: [c.order.id],
  });
  expect(made.statusCode, made.body).toBe(201);
  const { fulfilmentId } = made.json<{ fulfilments: { fulfilmentId: string }[] }>().fulfilments[0]!;
  fulfilmentOf[c.order.id] = fulfilmentId;
  return (
    await callJson(h.apps.fulfilment!, 'GET', `/api/v1/fulfilments/${fulfilmentId}`)
  ).json<Fulfilment>();
}

/** The fulfilment as the fulfilment service has it now (the read-back). */
const fulfilmentNow = async (c: Customer) =>
  (
    await callJson(h.apps.fulfilment!, 'GET', `/api/v1/fulfilments/${fulfilmentOf[c.order.id]}`)
  ).json<Fulfilment>();

const board = async (query = '') => {
  const res = await call('GET', `/packing${query}`, undefined, as.operations);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PackingBoard>();
};

beforeAll(async () => {
  [holding, queueing, boxing] = (await Promise.all([
    staffApi.customer(h),
    staffApi.customer(h),
    staffApi.customer(h),
  ])) as [Customer, Customer, Customer];
  for (const c of [holding, queueing, boxing]) await paidAndFulfilled(c);
  makeDate = (await fulfilmentNow(holding)).makeDate;
});

const urls = () => {
  const f = fulfilmentOf[boxing.order.id]!;
  return { f, fulfilment: `/packing/fulfilments/${f}` };
};

describe('the board', () => {
  it('defaults to the first kitchen and its next make date, every fulfilment with its boxes and the counters', async () => {
    const read = await board();
    expect(read.facilityId).toBe(1);
    expect(read.facilities.map((f) => f.facilityId)).toEqual([1, 2]);
    expect(read.makeDate).toBe(makeDate);
    expect(read.makeDates[0]).toEqual({ makeDate, fulfilments: 3 });
    expect(read.fulfilments.map((f) => f.orderId).sort()).toEqual(
      [holding.order.id, queueing.order.id, boxing.order.id].sort(),
    );
    const boxes = read.fulfilments.flatMap((f) => f.boxes);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    expect(boxes.every((b) => b.status === 'pending' && b.serialNumber.startsWith('PFR'))).toBe(
      true,
    );
    expect(read.counts).toMatchObject({ pending: boxes.length, queued: 0, packed: 0 });
    expect(Object.keys(read.counts)).toHaveLength(11);
    expect(read.fulfilments[0]).toMatchObject({ customerName: 'Jo Tester', depotCode: 'MEL' });
  });

  it('another day or kitchen is empty; bad or odd query text is a 400 in the envelope', async () => {
    expect((await board(`?facilityId=2&makeDate=${makeDate}`)).fulfilments).toEqual([]);
    const empty = await board('?facilityId=1&makeDate=2020-01-01');
    expect(empty.fulfilments).toEqual([]);
    expect(empty.counts.pending).toBe(0);
    for (const [query, message] of [
      ['?facilityId=3', 'facilityId must be one of the kitchens: 1 or 2'],
      ['?facilityId=one', 'facilityId must be one of the kitchens: 1 or 2'],
      ['?makeDate=tomorrow', 'Invalid date format. Expected YYYY-MM-DD.'],
      ['?makeDate=2026-02-30', 'Invalid date format. Expected YYYY-MM-DD.'],
      ['?colour=red', 'Unknown field: colour'],
    ] as const) {
      const res = await call('GET', `/packing${query}`, undefined, as.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res), query).toContain(message);
    }
  });
});

describe('who may', () => {
  it('operations and admin read and act; support and marketing are refused naming the permission; customers 403, no token 401', async () => {
    const { fulfilment } = urls();
    const before = await fulfilmentNow(boxing);
    const box = before.boxes[0]!;
    const routes: RouteCalls = {
      packingBoard: ['GET', '/packing'],
      packingPickList: ['GET', `/packing/pick-list?facilityId=1&makeDate=${makeDate}`],
      packingLabel: ['GET', `${fulfilment}/boxes/${box.boxId}/label.pdf`],
      packingLabels: ['GET', `/packing/labels.pdf?facilityId=1&makeDate=${makeDate}`],
      // A body the contract refuses: past the permission, nothing done.
      packingHold: ['POST', `${fulfilment}/hold`, { isOnHold: true }],
      packingQueue: ['POST', `${fulfilment}/queue`, { queued: 'yes', reason: 'x' }],
      packingPriority: ['POST', `${fulfilment}/priority`, { reason: 'x' }],
      packingSerialNumber: [
        'POST',
        `${fulfilment}/boxes/${box.boxId}/serial-number`,
        { serialNumber: 'PFR 1', reason: 'x' },
      ],
      packingContents: [
        'POST',
        `${fulfilment}/boxes/${box.boxId}/contents`,
        { contents: [], version: 1, reason: 'x' },
      ],
    };
    await staffApi.expectPermissionMatrix(call, as, routes);
    await staffApi.expectOnlyStaff(call, as, routes);
    // Nothing of the above changed the fulfilment.
    expect(await fulfilmentNow(boxing)).toEqual(before);
  });
});

describe('hold and release', () => {
  it('holds a fulfilment (every job on_hold) and releases it, each with the actor and reason in the customer timeline', async () => {
    const f = fulfilmentOf[holding.order.id]!;
    const held = await call(
      'POST',
      `/packing/fulfilments/${f}/hold`,
      { isOnHold: true, reason: 'Customer rang: moving house' },
      as.operations,
    );
    expect(held.statusCode, held.body).toBe(200);
    const { fulfilment, audit } = held.json<{ fulfilment: PackingFulfilment; audit: AuditEvent }>();
    expect(fulfilment).toMatchObject({ isOnHold: true, status: 'on_hold' });
    expect(fulfilment.boxes.every((b) => b.status === 'on_hold')).toBe(true);
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.operations, role: 'operations', name: 'Test Session' },
      action: 'fulfilment.hold',
      permission: 'fulfilment:write',
      targetType: 'fulfilment',
      targetId: f,
      customerId: holding.user.id,
      before: { isOnHold: false, status: 'pending' },
      after: { isOnHold: true, status: 'on_hold' },
      reason: 'Customer rang: moving house',
    });
    expect((await staffApi.timelineOf(call, as, holding.user.id)).data[0]).toEqual(audit);
    // Read back from the fulfilment service and on the board.
    expect(await fulfilmentNow(holding)).toMatchObject({ isOnHold: true, status: 'on_hold' });
    const onBoard = (await board()).fulfilments.find((x) => x.fulfilmentId === f)!;
    expect(onBoard.status).toBe('on_hold');
    expect((await board()).counts.on_hold).toBe(onBoard.boxes.length);

    const released = await call(
      'POST',
      `/packing/fulfilments/${f}/hold`,
      { isOnHold: false, reason: 'New address confirmed' },
      as.admin,
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<{ audit: AuditEvent }>().audit).toMatchObject({
      actor: { userId: ids.admin, role: 'admin' },
      action: 'fulfilment.release',
      reason: 'New address confirmed',
    });
    expect(await fulfilmentNow(holding)).toMatchObject({ isOnHold: false, status: 'pending' });
  });

  it('a queued fulfilment cannot go on hold: the 409 in the fulfilment service’s words, nothing changed or recorded', async () => {
    const f = fulfilmentOf[queueing.order.id]!;
    const queued = await call(
      'POST',
      `/packing/fulfilments/${f}/queue`,
      { queued: true, reason: 'Start of shift' },
      as.operations,
    );
    expect(queued.statusCode, queued.body).toBe(200);
    const body = queued.json<{
      moved: { queuedJobs: string[] };
      fulfilment: PackingFulfilment;
      audit: AuditEvent;
    }>();
    expect(body.moved.queuedJobs.length).toBe(body.fulfilment.boxes.length);
    expect(body.fulfilment.boxes.every((b) => b.status === 'queued')).toBe(true);
    expect(body.audit).toMatchObject({ action: 'fulfilment.requeue', reason: 'Start of shift' });
    const timeline = (await staffApi.timelineOf(call, as, queueing.user.id)).data.length;
    const version = (await fulfilmentNow(queueing)).version;

    const refused = await call(
      'POST',
      `/packing/fulfilments/${f}/hold`,
      { isOnHold: true, reason: 'Try' },
      as.operations,
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(messagesOf(refused).join(' ')).toMatch(/queued/);
    expect(await fulfilmentNow(queueing)).toMatchObject({ isOnHold: false, version });
    expect((await staffApi.timelineOf(call, as, queueing.user.id)).data.length).toBe(timeline);

    // Taken off the queue: pending again, and recorded.
    const off = await call(
      'POST',
      `/packing/fulfilments/${f}/queue`,
      { queued: false, reason: 'Line stopped' },
      as.operations,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ audit: AuditEvent }>().audit.action).toBe('fulfilment.dequeue');
    expect((await fulfilmentNow(queueing)).jobs.every((j) => j.status === 'pending')).toBe(true);
  });

  it('deprioritises and restores a fulfilment', async () => {
    const f = fulfilmentOf[queueing.order.id]!;
    const down = await call(
      'POST',
      `/packing/fulfilments/${f}/priority`,
      { deprioritised: true, reason: 'Short of lamb until noon' },
      as.operations,
    );
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'fulfilment.deprioritise',
      after: { status: 'deprioritised' },
    });
    expect((await fulfilmentNow(queueing)).status).toBe('deprioritised');
    const up = await call(
      'POST',
      `/packing/fulfilments/${f}/priority`,
      { deprioritised: false, reason: 'Lamb arrived' },
      as.operations,
    );
    expect(up.statusCode, up.body).toBe(200);
    expect((await fulfilmentNow(queueing)).status).toBe('pending');
  });

  it('an unknown fulfilment is a 404 and nothing is recorded', async () => {
    const res = await call(
      'POST',
      `/packing/fulfilments/${randomUUID()}/hold`,
      { isOnHold: true, reason: 'x' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('a box', () => {
  it('sets its serial number and corrects its contents, with the actor and reason; the history keeps the change', async () => {
    const { f, fulfilment } = urls();
    const before = (await fulfilmentNow(boxing)).boxes[0]!;
    const serial = `PFR${Date.now()}`;
    const numbered = await call(
      'POST',
      `${fulfilment}/boxes/${before.boxId}/serial-number`,
      { serialNumber: serial, reason: 'Label torn: new invoice' },
      as.operations,
    );
    expect(numbered.statusCode, numbered.body).toBe(200);
    const { box, audit } = numbered.json<{ box: PackingBox; audit: AuditEvent }>();
    expect(box.serialNumber).toBe(serial);
    expect(audit).toMatchObject({
      action: 'box.set-serial-number',
      targetType: 'box',
      targetId: before.boxId,
      customerId: boxing.user.id,
      before: { serialNumber: before.serialNumber },
      after: { serialNumber: serial },
      reason: 'Label torn: new invoice',
    });
    expect((await fulfilmentNow(boxing)).boxes[0]!.serialNumber).toBe(serial);

    const contents = before.contents.map((item, i) =>
      i === 0
        ? {
            type: item.type,
            sku: item.sku,
            name: item.name,
            quantity: Math.max(1, item.quantity - 1),
            weight: item.weight ?? 500,
          }
        : {
            type: item.type,
            sku: item.sku,
            name: item.name,
            quantity: item.quantity,
            ...(item.weight ? { weight: item.weight } : {}),
            ...(item.category ? { category: item.category } : {}),
          },
    );
    const changed = await call(
      'POST',
      `${fulfilment}/boxes/${before.boxId}/contents`,
      { contents, version: box.version, reason: 'One pouch split' },
      as.admin,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<{ box: PackingBox; audit: AuditEvent }>();
    expect(after.box.contents[0]!.quantity).toBe(Math.max(1, before.contents[0]!.quantity - 1));
    expect(after.audit).toMatchObject({
      action: 'box.change-contents',
      actor: { userId: ids.admin },
      reason: 'One pouch split',
    });
    const history = (
      await callJson(h.apps.fulfilment!, 'GET', `/api/v1/boxes/${before.boxId}/contents-history`)
    ).json<{ reason: string; updatedBy: string }[]>();
    expect(history.at(-1)).toMatchObject({
      reason: 'One pouch split',
      updatedBy: `staff:${ids.admin}`,
    });

    // The version read before is stale now: 409, nothing changed, nothing recorded.
    const stale = await call(
      'POST',
      `${fulfilment}/boxes/${before.boxId}/contents`,
      { contents, version: box.version, reason: 'Again' },
      as.admin,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect((await staffApi.storedAuditOf(h, after.audit.id))?.reason).toBe('One pouch split');
    expect((await staffApi.timelineOf(call, as, boxing.user.id)).data[0]!.id).toBe(after.audit.id);

    // A box of another fulfilment under this one is a 404.
    const otherBox = (await fulfilmentNow(holding)).boxes[0]!;
    const wrong = await call(
      'POST',
      `/packing/fulfilments/${f}/boxes/${otherBox.boxId}/serial-number`,
      { serialNumber: `PFR${Date.now() + 1}`, reason: 'x' },
      as.admin,
    );
    expect(wrong.statusCode).toBe(404);
    expect((await fulfilmentNow(holding)).boxes[0]!.serialNumber).toBe(otherBox.serialNumber);
  });

  it('refuses bad bodies with the spec’s messages, in the envelope', async () => {
    const { fulfilment } = urls();
    const box = (await fulfilmentNow(boxing)).boxes[0]!;
    const boxUrl = `${fulfilment}/boxes/${box.boxId}`;
    await staffApi.expectSpoiltBodiesRefused(
      call,
      as,
      {
        packingHold: [`${fulfilment}/hold`, { isOnHold: true, reason: 'x' }],
        packingQueue: [`${fulfilment}/queue`, { queued: true, reason: 'x' }],
        packingPriority: [`${fulfilment}/priority`, { deprioritised: true, reason: 'x' }],
        packingSerialNumber: [`${boxUrl}/serial-number`, { serialNumber: 'PFR123', reason: 'x' }],
      },
      REASON,
    );
    for (const [url, body, message] of [
      [
        `${boxUrl}/serial-number`,
        { serialNumber: 'PFR-12', reason: 'x' },
        'Invoice number must contain only letters and numbers.',
      ],
      [
        `${boxUrl}/serial-number`,
        { serialNumber: 'ABC123', reason: 'x' },
        'Invoice number must start with PFR',
      ],
      [
        `${boxUrl}/contents`,
        { contents: [], version: 1, reason: 'x' },
        'Box contents cannot be empty',
      ],
      [
        `${boxUrl}/contents`,
        { contents: [{ type: 'meal', sku: 'x', name: 'x', quantity: 1 }], version: 1, reason: 'x' },
        'weight must be a whole number from 1 to 50000',
      ],
      [
        `${fulfilment}/hold`,
        { isOnHold: 'yes', reason: 'x' },
        'isOnHold must be true (hold) or false (release)',
      ],
      [
        `/packing/fulfilments/not-a-uuid/hold`,
        { isOnHold: true, reason: 'x' },
        'fulfilmentId must be a valid UUID',
      ],
    ] as const) {
      const res = await call('POST', url, body, as.operations);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res), JSON.stringify(body)).toContain(message);
    }
    expect((await fulfilmentNow(boxing)).boxes[0]!.version).toBe(box.version);
  });
});

describe('labels and the pick list', () => {
  it('a box’s label and the make date’s pick list, as PDF and CSV', async () => {
    const { fulfilment } = urls();
    const box = (await fulfilmentNow(boxing)).boxes[0]!;
    const label = await call(
      'GET',
      `${fulfilment}/boxes/${box.boxId}/label.pdf`,
      undefined,
      as.operations,
    );
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(label.headers['content-disposition']).toContain(`label-${box.serialNumber}.pdf`);

    const pdf = await call(
      'GET',
      `/packing/pick-list?facilityId=1&makeDate=${makeDate}`,
      undefined,
      as.operations,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Bytes passed on whole (a text round trip would have mangled them).
    const direct = await callJson(
      h.apps.fulfilment!,
      'GET',
      `/api/v1/facilities/1/pick-list?makeDate=${makeDate}&format=pdf`,
    );
    expect(pdf.rawPayload.equals(direct.rawPayload)).toBe(true);

    // The whole day's labels: the fulfilment service's PDF, bytes passed on whole. Asked again
    // until both answers are of the same day: the order_paid workflows of this file's boxes may
    // still be packing one between the two requests (the PDF is then rightly another).
    await vi.waitFor(
      async () => {
        const labels = await call(
          'GET',
          `/packing/labels.pdf?facilityId=1&makeDate=${makeDate}`,
          undefined,
          as.operations,
        );
        expect(labels.statusCode, labels.body).toBe(200);
        expect(labels.headers['content-disposition']).toContain(`labels-1-${makeDate}.pdf`);
        const allLabels = await callJson(
          h.apps.fulfilment!,
          'GET',
          `/api/v1/facilities/1/labels.pdf?makeDate=${makeDate}`,
        );
        expect(labels.rawPayload.equals(allLabels.rawPayload)).toBe(true);
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(
      (
        await call(
          'GET',
          `/packing/labels.pdf?facilityId=1&makeDate=${makeDate}&depotCode=mel`,
          undefined,
          as.admin,
        )
      ).statusCode,
    ).toBe(400);

    const csv = await call(
      'GET',
      `/packing/pick-list?facilityId=1&makeDate=${makeDate}&format=csv`,
      undefined,
      as.admin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const meal = box.contents.find((c) => c.type === 'meal')!;
    expect(csv.body).toContain(meal.sku);

    const bad = await call(
      'GET',
      `/packing/pick-list?facilityId=1&makeDate=${makeDate}&format=xls`,
      undefined,
      as.admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toContain('format must be csv or pdf');
  });
});
