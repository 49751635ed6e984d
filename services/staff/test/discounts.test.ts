import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Discount, DiscountCategory } from '@pawfresh/contracts/pricing';
import type { StaffDiscountPreview, StaffPromotion } from '@pawfresh/contracts/staff-discounts';
import { hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { callJson, dayFromNow, messagesOf, planBoxBody } from '@pawfresh/testing';
import {
  customer,
  expectOnlyStaff,
  expectPermissionMatrix,
  expectSpoiltBodiesRefused,
  storedAuditOf,
  useStaffApiAsEveryone,
  type RouteCalls,
} from './harness.js';

/**
 * Discounts, their categories and promotions (back office part 2, item 1): every role, a customer
 * token and none, the pricing service's 400s passed through with their paths, the builder's
 * preview of a sample box, and an audit row with before and after for every write.
 */
const { h, call, ids, as } = useStaffApiAsEveryone();
const REASON =
  'reason is required: say why (the campaign, what was wrong); it is kept in the audit log';
let category: DiscountCategory;

/** A schedule of one application: a percentage off every item. */
const percentOff = (orderPosition: number, recurring: boolean, value: number) => ({
  orderPosition,
  recurring,
  applications: [{ type: 'percentage', value, filters: [{ type: 'all-items' }] }],
});
/** A hybrid discount: half off the first box, then 20% off every box from the second. */
const hybrid = () => ({
  interval: 'hybrid',
  schedules: [percentOff(0, false, 50), percentOff(1, true, 20)],
});

const createDiscount = async (name = `Welcome ${randomUUID().slice(0, 6)}`) => {
  const res = await call(
    'POST',
    '/discounts',
    { categoryId: category.id, name, ...hybrid(), reason: 'Spring campaign' },
    as.marketing,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ discount: Discount; audit: AuditEvent }>();
};

beforeAll(async () => {
  const res = await call(
    'POST',
    '/discount-categories',
    { name: 'Acquisition', reason: 'New campaigns' },
    as.marketing,
  );
  expect(res.statusCode, res.body).toBe(201);
  category = res.json<{ category: DiscountCategory }>().category;
}, 60_000);

const someone = randomUUID();
const harmless = (): RouteCalls => ({
  listDiscountCategories: ['GET', '/discount-categories'],
  createDiscountCategory: ['POST', '/discount-categories', {}],
  renameDiscountCategory: ['POST', `/discount-categories/${someone}/rename`, {}],
  listDiscounts: ['GET', '/discounts'],
  getStaffDiscount: ['GET', `/discounts/${someone}`],
  discountProducts: ['GET', '/discounts/products'],
  previewDiscount: ['POST', '/discounts/preview', {}],
  createStaffDiscount: ['POST', '/discounts', {}],
  updateStaffDiscount: ['POST', `/discounts/${someone}`, {}],
  disableDiscount: ['POST', `/discounts/${someone}/disable`, {}],
  enableDiscount: ['POST', `/discounts/${someone}/enable`, {}],
  deleteStaffDiscount: ['POST', `/discounts/${someone}/delete`, {}],
  listStaffPromotions: ['GET', '/promotions'],
  getStaffPromotion: ['GET', `/promotions/${someone}`],
  createStaffPromotion: ['POST', '/promotions', {}],
  updateStaffPromotion: ['POST', `/promotions/${someone}`, {}],
  deleteStaffPromotion: ['POST', `/promotions/${someone}/delete`, {}],
});

describe('who may read and change discounts and promotions', () => {
  it('lets marketing and admins, names the permission to the rest', async () => {
    const { discount } = await createDiscount();
    const promotion = await call(
      'POST',
      '/promotions',
      { type: 'coupon', value: `MATRIX${Date.now()}`, discountId: discount.id, reason: 'x' },
      as.marketing,
    );
    expect(promotion.statusCode, promotion.body).toBe(201);
    const promotionId = promotion.json<{ promotion: { id: string } }>().promotion.id;
    await expectPermissionMatrix(call, as, {
      ...harmless(),
      // Reads of things that exist answer 200.
      getStaffDiscount: ['GET', `/discounts/${discount.id}`],
      getStaffPromotion: ['GET', `/promotions/${promotionId}`],
    });
    for (const p of ['discounts:write', 'promotions:write'] as const) {
      expect(staffRoles.filter((r) => hasPermission(r, p))).toEqual(['marketing', 'admin']);
    }
  });

  it('refuses a customer token (403) and no token (401)', async () => {
    await expectOnlyStaff(call, as, harmless());
  });

  it('asks every write for a reason and refuses bodies it cannot take, in words to act on', async () => {
    const { discount } = await createDiscount();
    await expectSpoiltBodiesRefused(
      call,
      as,
      {
        createDiscountCategory: ['/discount-categories', { name: 'Retention' }],
        createStaffDiscount: [
          '/discounts',
          { categoryId: category.id, name: 'Spoilt', ...hybrid() },
        ],
        disableDiscount: [`/discounts/${discount.id}/disable`, {}],
        deleteStaffDiscount: [`/discounts/${discount.id}/delete`, {}],
        createStaffPromotion: ['/promotions', { type: 'coupon', value: 'SPOILT' }],
      },
      REASON,
    );
    const id = await call('GET', '/discounts/not-an-id', undefined, as.marketing);
    expect(id.statusCode).toBe(400);
    expect(messagesOf(id)).toEqual(['id must be a valid UUID']);
    const sort = await call('GET', '/discounts?orderBy=price', undefined, as.marketing);
    expect(sort.statusCode).toBe(400);
    const unknown = await call('GET', `/discounts/${someone}`, undefined, as.marketing);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the discount builder', () => {
  it('creates a hybrid discount and records who, why, and the discount after', async () => {
    const { discount, audit } = await createDiscount('Half off, then 20%');
    expect(discount).toMatchObject({
      name: 'Half off, then 20%',
      interval: 'hybrid',
      category: { id: category.id, name: 'Acquisition' },
      createdBy: `staff:${ids.marketing}`,
      disabledAt: null,
    });
    expect(discount.schedules.map((s) => [s.orderPosition, s.recurring])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(audit).toMatchObject({
      action: 'discount.create',
      actor: { type: 'staff', userId: ids.marketing, role: 'marketing' },
      before: {},
      permission: 'discounts:write',
      targetType: 'discount',
      customerId: null,
      after: { id: discount.id, name: 'Half off, then 20%', interval: 'hybrid' },
      reason: 'Spring campaign',
    });
    expect(await storedAuditOf(h, audit.id)).toMatchObject({ action: 'discount.create' });
  });

  it("passes the pricing service's refusals on with each field's path", async () => {
    const twoRecurring = hybrid();
    twoRecurring.schedules[0]!.recurring = true;
    twoRecurring.schedules[1]!.applications[0]!.value = 150;
    const res = await call(
      'POST',
      '/discounts',
      { categoryId: category.id, name: 'Wrong', ...twoRecurring, reason: 'x' },
      as.marketing,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: [
        'A hybrid discount must have exactly one schedule marked recurring',
        'schedules[1].applications[0].value must be a whole percent from 1 to 100 (50 means 50%)',
      ],
      details: [
        { path: ['schedules'] },
        { path: ['schedules', '1', 'applications', '0', 'value'] },
      ],
    });
    const usd = await call(
      'POST',
      '/discounts',
      { categoryId: category.id, name: 'USD', ...hybrid(), currencyCode: 'USD', reason: 'x' },
      as.marketing,
    );
    expect(messagesOf(usd)).toEqual([
      'currencyCode must be AUD: only Australian dollars are supported',
    ]);
    const noCategory = await call(
      'POST',
      '/discounts',
      { categoryId: someone, name: 'Lost', ...hybrid(), reason: 'x' },
      as.marketing,
    );
    expect(noCategory.statusCode).toBe(404);
  });

  it('previews a sample box at each order position before saving, and stores nothing', async () => {
    const before = (await call('GET', '/discounts', undefined, as.marketing)).json<{
      meta: { total: number };
    }>().meta.total;
    const res = await call('POST', '/discounts/preview', hybrid(), as.marketing);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<StaffDiscountPreview>();
    expect(preview.sampleBox.map((l) => [l.productType, l.extra])).toEqual([
      ['meal', false],
      ['meal', false],
      ['treat', true],
    ]);
    const full = preview.sampleBox.reduce((sum, l) => sum + l.quantity * l.basePrice, 0);
    expect(preview.prices.map((p) => p.orderPosition)).toEqual([0, 1, 2]);
    const [first, second, third] = preview.prices;
    expect(first).toMatchObject({ priceBeforeDiscount: full });
    // Pricing rounds each item: at most a cent an item off the exact share.
    const items = preview.sampleBox.reduce((sum, l) => sum + l.quantity, 0);
    expect(Math.abs(first!.discountTotal - full / 2)).toBeLessThanOrEqual(items);
    expect(Math.abs(second!.discountTotal - full / 5)).toBeLessThanOrEqual(items);
    expect(first!.discountTotal).toBeGreaterThan(second!.discountTotal);
    expect(third).toEqual({ ...second, orderPosition: 2 });
    for (const p of preview.prices) expect(p.totalPrice).toBe(full - p.discountTotal);
    const after = (await call('GET', '/discounts', undefined, as.marketing)).json<{
      meta: { total: number };
    }>().meta.total;
    expect(after).toBe(before);

    const wrong = await call(
      'POST',
      '/discounts/preview',
      { ...hybrid(), interval: 'once-off' },
      as.marketing,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: [
        'A once-off discount cannot have a recurring schedule: make it recurring or hybrid',
      ],
      details: [{ path: ['schedules'] }],
    });
  });
});

describe('disabling, enabling and deleting a discount', () => {
  it('records each with before and after; pricing refuses a disabled discount', async () => {
    const { discount } = await createDiscount();
    const disabled = await call(
      'POST',
      `/discounts/${discount.id}/disable`,
      { reason: 'Campaign paused' },
      as.marketing,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    const d = disabled.json<{ discount: Discount; audit: AuditEvent }>();
    expect(d.discount.disabledAt).not.toBeNull();
    expect(d.audit).toMatchObject({
      action: 'discount.disable',
      targetId: discount.id,
      before: { disabledAt: null },
      after: { disabledAt: d.discount.disabledAt },
      reason: 'Campaign paused',
    });
    const price = await callJson(h.apps.pricing!, 'POST', '/pricing/get-price', {
      discountId: discount.id,
      extras: { items: [{ sku: 'X', quantity: 1, basePrice: 1000 }] },
    });
    expect(price.statusCode).toBe(400);

    const enabled = await call(
      'POST',
      `/discounts/${discount.id}/enable`,
      { reason: 'Back on' },
      as.admin,
    );
    expect(enabled.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'discount.enable',
      actor: { userId: ids.admin, role: 'admin' },
      after: { disabledAt: null },
    });

    const renamed = await call(
      'POST',
      `/discounts/${discount.id}`,
      { name: 'Renamed', reason: 'Clearer name' },
      as.marketing,
    );
    expect(renamed.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'discount.update',
      before: { name: discount.name },
      after: { name: 'Renamed' },
    });

    const deleted = await call(
      'POST',
      `/discounts/${discount.id}/delete`,
      { reason: 'Campaign over' },
      as.marketing,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const del = deleted.json<{ discount: Discount; audit: AuditEvent }>();
    expect(del.discount.deletedAt).not.toBeNull();
    expect(del.discount.deletedBy).toBe(`staff:${ids.marketing}`);
    expect(del.audit).toMatchObject({ action: 'discount.delete', before: { deletedAt: null } });
    expect(await storedAuditOf(h, del.audit.id)).toMatchObject({
      action: 'discount.delete',
      reason: 'Campaign over',
    });
    // Deleted: still readable, out of the list, and changes to it are a 404.
    expect(
      (await call('GET', `/discounts/${discount.id}`, undefined, as.marketing)).statusCode,
    ).toBe(200);
    const listed = await call('GET', `/discounts?name=Renamed`, undefined, as.marketing);
    expect(listed.json<{ data: Discount[] }>().data.map((x) => x.id)).not.toContain(discount.id);
    const again = await call(
      'POST',
      `/discounts/${discount.id}/disable`,
      { reason: 'x' },
      as.marketing,
    );
    expect(again.statusCode).toBe(404);
  });

  it('lists with the spec’s filters and sort keys', async () => {
    await createDiscount('Zeta filter test');
    const res = await call(
      'GET',
      `/discounts?interval=hybrid&categoryId=${category.id}&orderBy=name&direction=desc&name=filter`,
      undefined,
      as.marketing,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Discount[] }>().data.map((d) => d.name)).toEqual(['Zeta filter test']);
  });
});

describe('discount categories', () => {
  it('creates and renames with the audit row; a taken name is a 409', async () => {
    const made = await call(
      'POST',
      '/discount-categories',
      { name: 'Winback', reason: 'Lapsed customers' },
      as.admin,
    );
    expect(made.statusCode, made.body).toBe(201);
    const { category: c } = made.json<{ category: DiscountCategory }>();
    const renamed = await call(
      'POST',
      `/discount-categories/${c.id}/rename`,
      { name: 'Win-back', reason: 'Spelling' },
      as.marketing,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'discount-category.rename',
      targetType: 'discount-category',
      targetId: c.id,
      after: { name: 'Win-back' },
    });
    const taken = await call(
      'POST',
      '/discount-categories',
      { name: 'Acquisition', reason: 'x' },
      as.marketing,
    );
    expect(taken.statusCode, taken.body).toBe(409);
    const listed = await call('GET', '/discount-categories?name=win', undefined, as.marketing);
    expect(listed.json<{ data: DiscountCategory[] }>().data.map((x) => x.name)).toEqual([
      'Win-back',
    ]);
  });
});

describe('promotions', () => {
  it('creates a coupon in a time zone, shows who used it and when, and records every change', async () => {
    const { discount } = await createDiscount();
    const code = `SPRING${Date.now()}`;
    const made = await call(
      'POST',
      '/promotions',
      {
        type: 'coupon',
        value: code,
        discountId: discount.id,
        maxUses: 5,
        timezone: 'Australia/Perth',
        activeAt: '2026-01-01T09:00',
        expireAt: '2099-01-01',
        reason: 'Spring mail-out',
      },
      as.marketing,
    );
    expect(made.statusCode, made.body).toBe(201);
    const { promotion, audit } = made.json<{ promotion: StaffPromotion; audit: AuditEvent }>();
    // 09:00 in Perth (UTC+8) is 01:00 UTC.
    expect(promotion).toMatchObject({
      value: code,
      activeAt: '2026-01-01T01:00:00.000Z',
      createdBy: `staff:${ids.marketing}`,
    });
    expect(audit).toMatchObject({
      action: 'promotion.create',
      targetType: 'promotion',
      after: { value: code, maxUses: 5 },
    });

    const jo = await customer(h);
    // Jo's second box carries the code's discount: each pouch 100 cents less.
    const box = planBoxBody(
      jo.subscription,
      jo.order.orderLineItems[0]!.animalId!,
      1,
      dayFromNow(30),
    );
    const discounted = await callJson(h.apps.order!, 'POST', '/api/v1/orders', {
      ...box,
      orderLineItems: box.orderLineItems.map((l) => ({ ...l, discountedPrice: l.price - 100 })),
      discounts: [{ discountId: discount.id, name: discount.name, interval: 'hybrid' }],
    });
    expect(discounted.statusCode, discounted.body).toBe(201);
    const pouches = box.orderLineItems.reduce((sum, l) => sum + l.quantity, 0);
    const used = await callJson(h.apps.pricing!, 'POST', '/promotions/attributions', {
      userId: jo.user.id,
      promotionId: promotion.id,
      type: 'discount',
      context: 'checkout',
    });
    expect(used.statusCode, used.body).toBe(201);

    const read = await call('GET', `/promotions/${promotion.id}`, undefined, as.marketing);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<StaffPromotion>()).toMatchObject({
      uses: 1,
      usage: [
        {
          userId: jo.user.id,
          customer: { id: jo.user.id, name: 'Jo Tester', email: jo.user.email },
          context: 'checkout',
          boxes: 1,
          discountGiven: pouches * 100,
        },
      ],
    });

    const lowered = await call(
      'POST',
      `/promotions/${promotion.id}`,
      { maxUses: 0, reason: 'x' },
      as.marketing,
    );
    expect(lowered.statusCode).toBe(400);
    expect(messagesOf(lowered)).toEqual([
      'maxUses must be a whole number of at least 1, or null for unlimited uses',
    ]);

    const disabled = await call(
      'POST',
      `/promotions/${promotion.id}`,
      { disable: true, reason: 'Leaked on a forum' },
      as.marketing,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'promotion.disable',
      before: { disabledAt: null },
      reason: 'Leaked on a forum',
    });

    const listed = await call('GET', `/promotions?value=${code}&type=coupon`, undefined, as.admin);
    expect(listed.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual([promotion.id]);

    const deleted = await call(
      'POST',
      `/promotions/${promotion.id}/delete`,
      { reason: 'Campaign over' },
      as.marketing,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'promotion.delete',
      after: { deletedBy: `staff:${ids.marketing}` },
    });
  });

  it("passes pricing's refusals on: a referral needs a referrer, a taken code is a 409", async () => {
    const { discount } = await createDiscount();
    const referral = await call(
      'POST',
      '/promotions',
      { type: 'referral', value: `REF${Date.now()}`, reason: 'x' },
      as.marketing,
    );
    expect(referral.statusCode, referral.body).toBe(400);
    const code = `TAKEN${Date.now()}`;
    for (const expected of [201, 409]) {
      const res = await call(
        'POST',
        '/promotions',
        { type: 'coupon', value: code, discountId: discount.id, reason: 'x' },
        as.marketing,
      );
      expect(res.statusCode, res.body).toBe(expected);
    }
  });
});
