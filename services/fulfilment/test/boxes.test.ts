import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callJson, harnessForFile, messagesOf, serviceAuth } from '@pawfresh/testing';
import {
  EMPTY_CONTENTS_MESSAGE,
  REASON_LENGTH_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  SERIAL_NUMBER_MESSAGE,
  UPDATED_BY_LENGTH_MESSAGE,
  UPDATED_BY_REQUIRED_MESSAGE,
  type Box,
} from '@pawfresh/contracts/fulfilment';
import { INVOICE_PREFIX_MESSAGE } from '@pawfresh/contracts/courier';
import { extraLine, fulfil, harness, mealLine, paidOrder } from './harness.js';
import { readPdf } from './pdf-text.js';

const h = harnessForFile(harness);

const newContents = [
  { type: 'meal', weight: 500, sku: 'BEEF-F0500', name: 'Beef Bowl', quantity: 6 },
  { type: 'extra', category: 'treat', weight: 100, sku: 'TREAT-X', name: 'Treat', quantity: 1 },
  { type: 'icepack_bottom', weight: 500, sku: 'ICE-0500', name: 'Ice', quantity: 1 },
  { type: 'icepack_top', weight: 500, sku: 'ICE-0500', name: 'Ice', quantity: 1 },
];

async function aBox() {
  const order = await paidOrder(h, [mealLine(h, 7), extraLine(h, 1)]);
  const { fulfilments } = await fulfil(h, [order.id]);
  const boxId = fulfilments[0]!.boxIds[0]!;
  const box = (await h.call('GET', `/api/v1/boxes/by-Order/${order.id}`)).json<Box[]>()[0]!;
  return { order, boxId, box, fulfilmentId: fulfilments[0]!.fulfilmentId };
}

const patchContents = (boxId: string, body: Record<string, unknown>) =>
  h.call('PATCH', `/api/v1/boxes/${boxId}/contents`, {
    contents: newContents,
    reason: 'Customer swapped a meal',
    updatedBy: 'staff@pawfresh',
    ...body,
  });

describe('box contents', () => {
  it('answers each bad update with its §5 message and changes nothing', async () => {
    const { boxId, order, box } = await aBox();
    const cases: [Record<string, unknown>, string][] = [
      [{ contents: [] }, EMPTY_CONTENTS_MESSAGE],
      [{ reason: '' }, REASON_REQUIRED_MESSAGE],
      [{ reason: undefined }, REASON_REQUIRED_MESSAGE],
      [{ reason: 'x'.repeat(501) }, REASON_LENGTH_MESSAGE],
      [{ updatedBy: '  ' }, UPDATED_BY_REQUIRED_MESSAGE],
      [{ updatedBy: 'x'.repeat(101) }, UPDATED_BY_LENGTH_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await patchContents(boxId, body);
      expect(res.statusCode, message).toBe(400);
      expect(messagesOf(res)).toEqual([message]);
    }
    const tooHeavy = await patchContents(boxId, {
      contents: [{ type: 'meal', weight: 600, sku: 'X', name: 'X', quantity: 29 }],
    });
    expect(tooHeavy.statusCode).toBe(400);
    expect(messagesOf(tooHeavy)[0]).toContain('a large box holds at most');
    const now = (await h.call('GET', `/api/v1/boxes/by-Order/${order.id}`)).json<Box[]>()[0]!;
    expect(now).toEqual(box);
  });

  it('replaces the contents, keeps the previous ones in the audit trail and moves the version on', async () => {
    const { boxId, box } = await aBox();
    const res = await patchContents(boxId, { version: box.version });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; boxId: string; updatedContents: Box['contents'] }>();
    expect(body).toMatchObject({ success: true, boxId });
    expect(body.updatedContents.map((c) => [c.type, c.sku, c.quantity])).toEqual(
      newContents.map((c) => [c.type, c.sku, c.quantity]),
    );
    const history = (await h.call('GET', `/api/v1/boxes/${boxId}/contents-history`)).json<
      { previousContents: unknown; updatedContents: unknown; reason: string; fromVersion: number }[]
    >();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      previousContents: box.contents,
      updatedContents: body.updatedContents,
      reason: 'Customer swapped a meal',
      fromVersion: 1,
    });
    const stale = await patchContents(boxId, { version: box.version });
    expect(stale.statusCode).toBe(409);
    expect(messagesOf(stale)[0]).toContain('has changed since version 1');
  });

  it('loses no update when two staff change one box at once', async () => {
    const { boxId } = await aBox();
    // With the version both read: one wins, the other is told to read again.
    const [a, b] = await Promise.all([
      patchContents(boxId, { version: 1, reason: 'A' }),
      patchContents(boxId, { version: 1, reason: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    // Without versions: both apply, one after the other, each recorded with what it replaced.
    const one = [{ ...newContents[0], quantity: 1 }];
    const two = [{ ...newContents[0], quantity: 2 }];
    const [c, d] = await Promise.all([
      patchContents(boxId, { contents: one, reason: 'C' }),
      patchContents(boxId, { contents: two, reason: 'D' }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    const history = (await h.call('GET', `/api/v1/boxes/${boxId}/contents-history`)).json<
      { previousContents: Box['contents']; updatedContents: Box['contents']; fromVersion: number }[]
    >();
    expect(history).toHaveLength(3);
    expect(history.map((x) => x.fromVersion)).toEqual([1, 2, 3]);
    expect(history[2]!.previousContents).toEqual(history[1]!.updatedContents);
    expect(history[1]!.previousContents).toEqual(history[0]!.updatedContents);
  });
});

describe('serial numbers', () => {
  it('takes letters and digits with the courier prefix, one box each; the courier accepts it', async () => {
    const { boxId } = await aBox();
    const other = await aBox();
    for (const [serialNumber, message] of [
      ['PFR-123', SERIAL_NUMBER_MESSAGE],
      ['', SERIAL_NUMBER_MESSAGE],
      ['PFR 1', SERIAL_NUMBER_MESSAGE],
      ['ABC123', INVOICE_PREFIX_MESSAGE],
    ] as const) {
      const res = await h.call('PATCH', `/api/v1/boxes/${boxId}/serial-number`, { serialNumber });
      expect(res.statusCode, serialNumber).toBe(400);
      expect(messagesOf(res)).toEqual([message]);
    }
    const set = await h.call('PATCH', `/api/v1/boxes/${boxId}/serial-number`, {
      serialNumber: 'PFRX77',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<Box>()).toMatchObject({ serialNumber: 'PFRX77', version: 2 });
    const taken = await h.call('PATCH', `/api/v1/boxes/${other.boxId}/serial-number`, {
      serialNumber: 'PFRX77',
    });
    expect(taken.statusCode).toBe(409);
    expect(messagesOf(taken)[0]).toBe('Serial number PFRX77 is already on another box');

    // The courier's event route takes the generated serial as an invoice number.
    const event = await callJson(h.courier, 'POST', '/api/v1/couriers/becool/courier/events', {
      trackingId: 'T1',
      invoiceNumber: other.box.serialNumber,
      eventType: 'delivery_scheduled',
      payload: {
        tracking: 'T1',
        invoice: other.box.serialNumber,
        date: '2026-11-20',
        eta: '10:00',
      },
    });
    expect(event.statusCode, event.body).toBe(201);
  });
});

describe('labels and pick lists', () => {
  it('prints a 100 x 150 mm label with the serial barcode, who, where, when and keep frozen', async () => {
    const { boxId, box } = await aBox();
    const res = await h.call('GET', `/api/v1/boxes/${boxId}/label.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf).toMatchObject({ pages: 1, widthMm: 100, heightMm: 150 });
    for (const text of [
      'Sam Citizen',
      'Richmond 3121',
      'Delivery 2026-11-20 PM',
      'Depot MEL',
      'Box 1 of 1',
      `Serial ${box.serialNumber}`,
      'KEEP FROZEN',
    ]) {
      expect(pdf.text).toContain(text);
    }
    // The barcode is an image drawn on the page.
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect((await h.call('GET', `/api/v1/boxes/${randomUUID()}/label.pdf`)).statusCode).toBe(404);
  });

  it('totals a make date per meal and pouch size and per extra, as CSV and PDF', async () => {
    const date = '2026-11-26';
    const first = await paidOrder(
      h,
      [mealLine(h, 10, 500), mealLine(h, 4, 300, 1), extraLine(h, 2)],
      {
        deliveryDate: '2026-11-27',
      },
    );
    const second = await paidOrder(h, [mealLine(h, 6, 500), extraLine(h, 1)], {
      deliveryDate: '2026-11-27',
    });
    expect(first.makeDate).toBe(date);
    await fulfil(h, [first.id, second.id]);

    const csv = await h.call('GET', `/api/v1/facilities/1/pick-list?makeDate=${date}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('type,category,sku,name,variant,grams_each,quantity,boxes');
    const row = (sku: string) => lines.find((l) => l.split(',')[2] === sku)?.split(',');
    const meal0 = h.meals[0]!.variants.find((v) => v.dimension.weightGrams === 500)!.sku;
    const meal1 = h.meals[1]!.variants.find((v) => v.dimension.weightGrams === 300)!.sku;
    const extra = h.extras[0]!.variants[0]!.sku;
    expect(row(meal0)?.slice(5)).toEqual(['500', '16', '2']);
    expect(row(meal1)?.slice(5, 7)).toEqual(['300', '4']);
    expect(row(extra)?.[6]).toBe('3');

    const pdfRes = await h.app.inject({
      method: 'GET',
      url: `/api/v1/facilities/1/pick-list?makeDate=${date}`,
      headers: { ...serviceAuth, accept: 'application/pdf' },
    });
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(pdfRes.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Make date ${date}`);
    expect(pdf.text).toContain('2 orders, 2 boxes');
    expect(pdf.text).toMatch(new RegExp(`${meal0}\\s+16`));

    const empty = await h.call('GET', '/api/v1/facilities/1/pick-list?makeDate=2030-01-01');
    expect(empty.body).toBe('type,category,sku,name,variant,grams_each,quantity,boxes\r\n');
    const bad = await h.call('GET', '/api/v1/facilities/1/pick-list?makeDate=tomorrow');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /boxes/by-serial-number/{serialNumber}', () => {
  it('finds the box with a serial number, with its orders; 404 for none, 400 for a malformed one', async () => {
    const { boxId, box } = await aBox();
    const found = await h.call('GET', `/api/v1/boxes/by-serial-number/${box.serialNumber}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Box>()).toMatchObject({ boxId, orderIds: box.orderIds });
    const none = await h.call('GET', '/api/v1/boxes/by-serial-number/PFR0000000000');
    expect(none.statusCode).toBe(404);
    expect(messagesOf(none)).toEqual(['No box has the serial number PFR0000000000']);
    for (const bad of ['ABC123', 'PFR-1', 'PFR%00']) {
      expect((await h.call('GET', `/api/v1/boxes/by-serial-number/${bad}`)).statusCode, bad).toBe(
        400,
      );
    }
  });
});
