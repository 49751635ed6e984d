import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unstorableTextMessage } from '@pawfresh/kit';
import type { Order, VariantUsage } from '@pawfresh/contracts/order';
import type { Variant } from '@pawfresh/contracts/product';
import type {
  Catalogue,
  StatusChangeResult,
  StatusPreview,
} from '@pawfresh/contracts/staff-catalogue';
import { callJson, messagesOf } from '@pawfresh/testing';
import * as staffApi from './harness.js';
import type { Customer, RouteCalls } from './harness.js';

/**
 * The catalogue (issue 32 item 4): products and variants with images and statuses for every
 * role; a variant's status change previewed (the boxes to come that carry it, counted by the
 * order service and named, and what the change does) and made by operations or admin with a
 * reason and an audit row. Every route: every role, a customer token and none, bad input.
 */
const { h, call, ids, as } = staffApi.useStaffApiAsEveryone();
const REASON =
  'reason is required: say why the status changes (the stock that ran out, the range that ends); it is kept in the audit log';

let box: Customer;
let variantId: string;
let units: number;

const statusNow = async (id: string) =>
  (await callJson(h.apps.product!, 'GET', `/api/v1/variants/${id}`)).json<Variant>().status;

async function changesRecorded(): Promise<number> {
  const found = await h.database
    .forSchema({})
    .execute(
      sql`select count(*)::int as n from audit.audit_events where action = 'variant.change-status'`,
    );
  return (found as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  box = await staffApi.customer(h);
  const line = box.order.orderLineItems.find((l) => l.productVariantId)!;
  variantId = line.productVariantId!;
  units = box.order.orderLineItems
    .filter((l) => l.productVariantId === variantId)
    .reduce((n, l) => n + l.quantity, 0);
});

const read = async <T>(url: string, who = as.support) => {
  const res = await call('GET', url, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const preview = async (status: string, id = variantId) => {
  const res = await call(
    'POST',
    `/catalogue/variants/${id}/status/preview`,
    { status },
    as.operations,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StatusPreview>();
};

describe('the catalogue', () => {
  it('lists every product with its variants, images, prices and statuses, and what each may become', async () => {
    const { products } = await read<Catalogue>('/catalogue');
    expect(new Set(products.map((p) => p.type))).toEqual(
      new Set(['meal', 'treat', 'supplement', 'collateral', 'toy', 'bundle']),
    );
    const meal = products.find((p) => p.variants.some((v) => v.id === variantId))!;
    expect(meal.type).toBe('meal');
    expect(meal.images.map((i) => i.imageType)).toContain('icon');
    expect(meal.images[0]!.imageUrl).toMatch(/^\/assets\/products\/.+\.(png|svg|webp)$/);
    const variant = meal.variants.find((v) => v.id === variantId)!;
    expect(variant).toMatchObject({
      status: 'active',
      nextStatuses: ['out_of_stock', 'discontinuing', 'discontinued', 'archived'],
    });
    expect(variant.basePrice).toBeGreaterThan(0);
    expect(variant.weightGrams).toBeGreaterThan(0);
    const archived = products.flatMap((p) => p.variants).find((v) => v.status === 'archived')!;
    expect(archived.nextStatuses).toEqual([]);
  });

  it('keeps one product type, or the variants of one status', async () => {
    const treats = await read<Catalogue>('/catalogue?type=treat');
    expect(treats.products.length).toBeGreaterThan(0);
    expect(treats.products.every((p) => p.type === 'treat')).toBe(true);
    const out = await read<Catalogue>('/catalogue?status=out_of_stock');
    expect(out.products.length).toBeGreaterThan(0);
    expect(out.products.flatMap((p) => p.variants).every((v) => v.status === 'out_of_stock')).toBe(
      true,
    );
    const none = await read<Catalogue>('/catalogue?type=meal&status=archived');
    expect(none.products).toEqual([]);
  });

  it('bad or odd query text is a 400 in the envelope', async () => {
    for (const [url, message] of [
      [
        '/catalogue?type=cake',
        'type must be one of meal, treat, collateral, supplement, toy, bundle',
      ],
      [
        '/catalogue?status=gone',
        'status must be one of active, out_of_stock, discontinuing, discontinued, archived',
      ],
      [
        `/catalogue?status=${'x'.repeat(10_000)}`,
        'status must be one of active, out_of_stock, discontinuing, discontinued, archived',
      ],
      ['/catalogue?type=meal%00', unstorableTextMessage(['type'])],
      ['/catalogue?colour=red', 'Unknown field: colour'],
    ] as const) {
      const res = await call('GET', url, undefined, as.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res), url.slice(0, 60)).toContain(message);
    }
  });
});

describe('who may', () => {
  it('every role reads the catalogue; operations and admin preview and change a status, support and marketing are refused naming the permission; customers 403, no token 401', async () => {
    const routes: RouteCalls = {
      catalogue: ['GET', '/catalogue'],
      // Bodies the contract refuses: past the permission, nothing done.
      variantStatusPreview: [
        'POST',
        `/catalogue/variants/${variantId}/status/preview`,
        { status: 'sold' },
      ],
      changeVariantStatus: [
        'POST',
        `/catalogue/variants/${variantId}/status`,
        { status: 'out_of_stock' },
      ],
    };
    await staffApi.expectPermissionMatrix(call, as, routes);
    await staffApi.expectOnlyStaff(call, as, routes);
    expect(await statusNow(variantId)).toBe('active');
  });
});

describe('the preview', () => {
  it('counts and names the boxes to come that carry the variant, says what the change does, and changes nothing', async () => {
    const p = await preview('out_of_stock');
    expect(p).toMatchObject({ from: 'active', to: 'out_of_stock', allowed: true, refusal: null });
    expect(p.variant).toMatchObject({ id: variantId, status: 'active', productType: 'meal' });
    expect(p.boxesToCome).toMatchObject({
      boxes: 1,
      customers: 1,
      subscriptions: 1,
      units,
      byKind: { plan: 1, extra: 0, one_off: 0 },
      firstDeliveryDate: box.order.deliveryDate,
      lastDeliveryDate: box.order.deliveryDate,
    });
    expect(p.boxesToCome.soonest).toEqual([
      {
        orderId: box.order.id,
        orderNumber: box.order.orderNumber,
        deliveryDate: box.order.deliveryDate,
        cutoffAt: new Date(box.order.cutoffAt).toISOString(),
        units,
        kinds: ['plan'],
        customer: { id: box.user.id, name: 'Jo Tester' },
      },
    ]);
    expect(p.effects.map((e) => e.area)).toEqual([
      'boxes_to_come',
      'new_boxes',
      'customers',
      'kitchen',
      'recommendations',
    ]);
    expect(p.effects[0]!.says).toMatch(/^Boxes already made keep it/);
    expect(p.warning).toMatch(
      /^1 box to come still carries it and the kitchen is told it has none/,
    );
    expect(await statusNow(variantId)).toBe('active');
  });

  it('a box past its cut-off, or skipped, is not a box to come (the order service counts by its clock)', async () => {
    const usage = async () =>
      (
        await callJson(
          h.apps.order!,
          'GET',
          `/api/v1/orders/stats/variant-usage?productVariantId=${variantId}&limit=5`,
        )
      ).json<VariantUsage>();
    expect(await usage()).toMatchObject({ boxes: 1, customers: 1 });
    const was = h.clock.now();
    h.clock.set(new Date(new Date(box.order.cutoffAt).getTime()));
    try {
      expect(await usage()).toMatchObject({ boxes: 0, customers: 0, units: 0, items: [] });
    } finally {
      h.clock.set(was);
    }
    const skipped = await staffApi.customer(h);
    expect((await usage()).boxes).toBe(2);
    await staffApi.movePayment(h, skipped, ['expired']);
    expect(await usage()).toMatchObject({ boxes: 1, firstDeliveryDate: box.order.deliveryDate });
  });

  it('a change the product rule refuses is said before anyone types a reason; an unknown variant is a 404', async () => {
    const { products } = await read<Catalogue>('/catalogue?status=archived');
    const archived = products[0]!.variants[0]!;
    const p = await preview('active', archived.id);
    expect(p).toMatchObject({
      allowed: false,
      refusal: 'An archived variant cannot change status',
      effects: [],
      warning: null,
    });
    const unknown = randomUUID();
    const res = await call(
      'POST',
      `/catalogue/variants/${unknown}/status/preview`,
      { status: 'active' },
      as.admin,
    );
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual([`Variant ${unknown} not found`]);
  });
});

describe('the change', () => {
  it('bad bodies are 400s naming the field; a reason is required', async () => {
    const url = `/catalogue/variants/${variantId}/status`;
    for (const [sentUrl, body, message] of [
      [
        url,
        { status: 'sold', reason: 'x' },
        'status must be one of active, out_of_stock, discontinuing, discontinued, archived',
      ],
      [url, { status: 'active\u0000', reason: 'x' }, unstorableTextMessage(['status'])],
      [
        url,
        { status: 'x'.repeat(100_000), reason: 'x' },
        'status must be one of active, out_of_stock, discontinuing, discontinued, archived',
      ],
      [url, { status: 'active', reason: 'x', updatedBy: 'me' }, 'Unknown field: updatedBy'],
      [`${url}/preview`, { status: 'active', reason: 'x' }, 'Unknown field: reason'],
      [
        '/catalogue/variants/pouch-1/status',
        { status: 'active', reason: 'x' },
        'variantId must be a valid UUID',
      ],
    ] as const) {
      const res = await call('POST', sentUrl, body, as.operations);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res)).toContain(message);
    }
    await staffApi.expectSpoiltBodiesRefused(
      call,
      as,
      { changeVariantStatus: [url, { status: 'out_of_stock', reason: 'Sold out' }] },
      REASON,
    );
    expect(await statusNow(variantId)).toBe('active');
  });

  it('operations changes the status with a reason: the product service has it, the box keeps it, and the audit row says who, why, before and after', async () => {
    const recorded = await changesRecorded();
    try {
      const res = await call(
        'POST',
        `/catalogue/variants/${variantId}/status`,
        { status: 'out_of_stock', reason: 'The beef supplier missed this week' },
        as.operations,
      );
      expect(res.statusCode, res.body).toBe(200);
      const done = res.json<StatusChangeResult>();
      expect(done).toMatchObject({ from: 'active', to: 'out_of_stock', boxesToCome: 1 });
      expect(done.variant).toMatchObject({ id: variantId, status: 'out_of_stock' });
      expect(done.effects[0]!.says).toMatch(/^Boxes already made keep it/);
      expect(done.audit).toMatchObject({
        actor: { type: 'staff', userId: ids.operations, role: 'operations', name: 'Test Session' },
        action: 'variant.change-status',
        permission: 'catalogue:write',
        targetType: 'variant',
        targetId: variantId,
        customerId: null,
        reason: 'The beef supplier missed this week',
        before: { status: 'active', boxesToCome: 1, sku: done.variant.sku },
        after: { status: 'out_of_stock', boxesToCome: 1, sku: done.variant.sku },
      });
      expect(await staffApi.storedAuditOf(h, done.audit!.id)).toMatchObject({
        actor_user_id: ids.operations,
        actor_role: 'operations',
        action: 'variant.change-status',
        reason: 'The beef supplier missed this week',
      });
      expect(await changesRecorded()).toBe(recorded + 1);
      // Read back: the catalogue says so; the box to come still carries it, unchanged.
      expect(await statusNow(variantId)).toBe('out_of_stock');
      const order = await staffApi.orderNow(h, box.order.id);
      expect(order.orderLineItems.map((l) => l.productVariantId)).toEqual(
        box.order.orderLineItems.map((l) => l.productVariantId),
      );
      expect(order).toMatchObject<Partial<Order>>({ totalPrice: box.order.totalPrice });
      expect((await preview('active')).from).toBe('out_of_stock');
    } finally {
      const back = await call(
        'POST',
        `/catalogue/variants/${variantId}/status`,
        { status: 'active', reason: 'Stock is back' },
        as.admin,
      );
      expect(back.statusCode, back.body).toBe(200);
    }
    expect(await statusNow(variantId)).toBe('active');
  });

  it('a change the product rule refuses is its 409 in its words, and nothing is recorded; an unknown variant is a 404', async () => {
    const { products } = await read<Catalogue>('/catalogue?status=archived');
    const archived = products[0]!.variants[0]!;
    const recorded = await changesRecorded();
    const res = await call(
      'POST',
      `/catalogue/variants/${archived.id}/status`,
      { status: 'active', reason: 'Bring it back' },
      as.admin,
    );
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)).toEqual(['An archived variant cannot change status']);
    const unknown = randomUUID();
    const missing = await call(
      'POST',
      `/catalogue/variants/${unknown}/status`,
      { status: 'active', reason: 'x' },
      as.admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(await changesRecorded()).toBe(recorded);
    expect(await statusNow(archived.id)).toBe('archived');
  });
});
