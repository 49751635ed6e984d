import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import type { Promotion, PromotionSummary } from '@pawfresh/contracts/pricing';
import { createCategory, createDiscount, STAFF, usePricing } from './harness.js';

const h = usePricing();
let discountId: string;
beforeAll(async () => {
  discountId = await createDiscount(h.app, (await createCategory(h.app)).id);
});

let codes = 0;
const code = (label = 'CODE') => `${label}${++codes}${randomUUID().slice(0, 4).toUpperCase()}`;

async function createPromotion(over: Record<string, unknown> = {}): Promise<Promotion> {
  const res = await h.call('POST', '/promotions', {
    type: 'coupon',
    value: code(),
    discountId,
    createdBy: STAFF,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Promotion>();
}

const attribute = (promotionId: string, over: Record<string, unknown> = {}) =>
  h.call('POST', '/promotions/attributions', {
    userId: randomUUID(),
    promotionId,
    type: 'discount',
    ...over,
  });

describe('promotions', () => {
  it('creates a coupon with its window read in its own time zone', async () => {
    const promotion = await createPromotion({
      value: 'Summer25',
      maxUses: 100,
      timezone: 'Australia/Perth',
      activeAt: '2026-02-01',
      expireAt: '2026-03-01T00:00',
    });
    expect(promotion).toMatchObject({
      type: 'coupon',
      value: 'Summer25',
      discountId,
      referrerUserId: null,
      maxUses: 100,
      uses: 0,
      timezone: 'Australia/Perth',
      // Midnight in Perth (UTC+8) is 16:00 the day before in UTC.
      activeAt: '2026-01-31T16:00:00.000Z',
      expireAt: '2026-02-28T16:00:00.000Z',
      disabledAt: null,
      deletedAt: null,
      createdBy: STAFF,
      users: [],
    });
    // An instant with an offset is taken as it is.
    const exact = await createPromotion({ activeAt: '2026-02-01T09:00:00+11:00' });
    expect(exact.activeAt).toBe('2026-01-31T22:00:00.000Z');
  });

  it('looks a promotion up by id or by code in any case', async () => {
    const promotion = await createPromotion({ value: 'FetchMe' });
    for (const key of [promotion.id, 'FetchMe', 'fetchme', 'FETCHME']) {
      const res = await h.call('GET', `/promotions/${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json<Promotion>().id).toBe(promotion.id);
    }
    const missing = await h.call('GET', '/promotions/NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Promotion NOPE not found' });
  });

  it('refuses a code live on another promotion, in any case, with 409; a deleted one frees it', async () => {
    const first = await createPromotion({ value: 'TAKEN' });
    const res = await h.call('POST', '/promotions', {
      type: 'coupon',
      value: 'taken',
      discountId,
      createdBy: STAFF,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Promotion code taken is already in use: choose another code',
    });
    const deleted = await h.call('DELETE', `/promotions/${first.id}`, { deletedBy: STAFF });
    expect(deleted.json()).toMatchObject({
      deletedBy: STAFF,
      deletedAt: h.clock.now().toISOString(),
    });
    await createPromotion({ value: 'taken' });
    expect((await h.call('GET', '/promotions/TAKEN')).json<Promotion>().id).not.toBe(first.id);
  });

  it('refuses bad input with the spec rules and messages a person can act on', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ value: 'x'.repeat(251) }, ['value must be 250 characters or less']],
      [
        { value: 'two words' },
        ['value must contain only letters, digits, hyphens and underscores'],
      ],
      [
        { maxUses: 0 },
        ['maxUses must be a whole number of at least 1, or null for unlimited uses'],
      ],
      [{ timezone: 'Mars/Olympus' }, ['timezone must be a time zone such as Australia/Sydney']],
      [{ timezone: 'x'.repeat(51) }, ['timezone must be 50 characters or less']],
      [
        { activeAt: 'tomorrow' },
        [
          "activeAt must be a date or date-time such as 2026-02-01T09:00 (in the promotion's time zone), or an ISO 8601 instant",
        ],
      ],
      [{ activeAt: '2026-02-30' }, ['activeAt is not a real date: 2026-02-30']],
      [{ activeAt: '2026-03-01', expireAt: '2026-02-01' }, ['expireAt must be after activeAt']],
      [
        { discountId: null },
        ['discountId is required for a coupon promotion: it is the discount the code gives'],
      ],
      [
        { type: 'referral' },
        ['referrerUserId is required for a referral promotion: it is the customer who refers'],
      ],
      [
        { referrerUserId: randomUUID() },
        ['A coupon has no referrer: leave referrerUserId out, or use a referral-coupon'],
      ],
      [{ type: 'voucher' }, ['type must be one of: coupon, referral-coupon, referral']],
    ];
    for (const [over, expected] of cases) {
      const res = await h.call('POST', '/promotions', {
        type: 'coupon',
        value: code(),
        discountId,
        createdBy: STAFF,
        ...over,
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(messagesOf(res), JSON.stringify(over)).toEqual(expected);
    }
    const unknownDiscount = randomUUID();
    const res = await h.call('POST', '/promotions', {
      type: 'coupon',
      value: code(),
      discountId: unknownDiscount,
      createdBy: STAFF,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: `Discount ${unknownDiscount} not found` });
  });

  it('patches: rejects unknown fields, disables and enables, and refuses lowering maxUses below use', async () => {
    const promotion = await createPromotion({ maxUses: 5 });
    for (let i = 0; i < 3; i++) expect((await attribute(promotion.id)).statusCode).toBe(201);
    const unknown = await h.call('PATCH', `/promotions/${promotion.id}`, {
      type: 'referral',
      updatedBy: STAFF,
    });
    expect(unknown.statusCode).toBe(400);
    expect(messagesOf(unknown)).toEqual(['Unknown field: type']);
    const lowered = await h.call('PATCH', `/promotions/${promotion.id}`, {
      maxUses: 2,
      updatedBy: STAFF,
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({
      message: `maxUses cannot be lowered to 2: promotion code ${promotion.value} has already been used 3 times`,
    });
    const ok = await h.call('PATCH', `/promotions/${promotion.id}`, {
      maxUses: 3,
      disable: true,
      updatedBy: 'ops',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      maxUses: 3,
      uses: 3,
      updatedBy: 'ops',
      disabledAt: h.clock.now().toISOString(),
    });
    expect(ok.json<Promotion>().users).toHaveLength(3);
    const enabled = await h.call('PATCH', `/promotions/${promotion.id}`, {
      disable: false,
      maxUses: null,
      updatedBy: 'ops',
    });
    expect(enabled.json()).toMatchObject({ disabledAt: null, maxUses: null });
  });

  it('lists a page at a time with filters', async () => {
    const referrer = randomUUID();
    const a = await createPromotion({
      type: 'referral',
      discountId: null,
      referrerUserId: referrer,
      value: code('REFA'),
    });
    const b = await createPromotion({
      type: 'referral-coupon',
      referrerUserId: referrer,
      value: code('REFB'),
    });
    const res = await h.call('GET', `/promotions?referrerUserId=${referrer}&orderBy=value`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: PromotionSummary[]; meta: unknown }>();
    expect(body.data.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(body.meta).toEqual({ total: 2, offset: 0, limit: 100 });
    const typed = await h.call('GET', `/promotions?referrerUserId=${referrer}&type=referral`);
    expect(typed.json<{ data: PromotionSummary[] }>().data.map((p) => p.id)).toEqual([a.id]);
    const longZone = await h.call('GET', `/promotions?timezone=${'x'.repeat(51)}`);
    expect(longZone.statusCode).toBe(400);
    expect(messagesOf(longZone)).toEqual(['timezone must be 50 characters or less']);
  });
});

describe('POST /promotions/attributions', () => {
  it('records a use and answers its id', async () => {
    const promotion = await createPromotion();
    const userId = randomUUID();
    const res = await attribute(promotion.id, { userId });
    expect(res.statusCode, res.body).toBe(201);
    const { promotionUserId } = res.json<{ promotionUserId: string }>();
    const read = (await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>();
    expect(read.uses).toBe(1);
    expect(read.users).toEqual([
      expect.objectContaining({
        id: promotionUserId,
        userId,
        discountId,
        type: 'discount',
        context: null,
      }),
    ]);
    const again = await attribute(promotion.id, { userId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `User ${userId} has already used this promotion`,
    });
  });

  it('takes a use back: it stops counting and showing, the user may use the code again', async () => {
    const promotion = await createPromotion({ maxUses: 1 });
    const userId = randomUUID();
    const first = await attribute(promotion.id, { userId });
    expect(first.statusCode, first.body).toBe(201);
    const { promotionUserId } = first.json<{ promotionUserId: string }>();
    expect((await attribute(promotion.id)).statusCode).toBe(409); // used up

    const revoke = () =>
      h.call('DELETE', `/promotions/attributions/${promotionUserId}`, { revokedBy: STAFF });
    expect((await revoke()).statusCode).toBe(204);
    expect((await revoke()).statusCode).toBe(204); // twice is once
    const read = (await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>();
    expect(read.uses).toBe(0);
    expect(read.users).toEqual([]);
    const listed = (await h.call('GET', `/promotions?value=${promotion.value}`)).json<{
      data: PromotionSummary[];
    }>();
    expect(listed.data[0]?.uses).toBe(0);

    const again = await attribute(promotion.id, { userId });
    expect(again.statusCode, again.body).toBe(201);
    expect((await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>().uses).toBe(1);

    const unknown = await h.call('DELETE', `/promotions/attributions/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    const bad = await h.call('DELETE', '/promotions/attributions/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('answers a retried use (the same id) as the first time, once', async () => {
    const promotion = await createPromotion({ maxUses: 5 });
    const userId = randomUUID();
    const id = randomUUID();
    const first = await attribute(promotion.id, { id, userId, context: 'checkout' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await attribute(promotion.id, { id, userId, context: 'checkout' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ promotionUserId: id });
    const read = (await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>();
    expect(read.uses).toBe(1);
    expect(read.users.map((u) => u.id)).toEqual([id]);
    // The id of another use: refused, and nothing recorded.
    const other = await attribute(promotion.id, { id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      message: `Promotion use ${id} is already recorded, for another use`,
    });
    // A different id for the same use: the customer has used it already.
    expect((await attribute(promotion.id, { userId, context: 'checkout' })).statusCode).toBe(409);
    expect((await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>().uses).toBe(1);
  });

  it('needs a context for a referral, and counts only checkout referrals as uses', async () => {
    const promotion = await createPromotion({
      type: 'referral-coupon',
      referrerUserId: randomUUID(),
      maxUses: 1,
    });
    const noContext = await attribute(promotion.id, { type: 'referral' });
    expect(noContext.statusCode).toBe(400);
    expect(messagesOf(noContext)).toEqual([
      'context is required for a referral: pre-checkout or checkout',
    ]);
    const userId = randomUUID();
    expect(
      (await attribute(promotion.id, { userId, type: 'referral', context: 'pre-checkout' }))
        .statusCode,
    ).toBe(201);
    h.clock.advance(1000);
    expect(
      (await attribute(promotion.id, { userId, type: 'referral', context: 'checkout' })).statusCode,
    ).toBe(201);
    const read = (await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>();
    expect(read.uses).toBe(1);
    expect(read.users.map((u) => u.context)).toEqual(['pre-checkout', 'checkout']);
    const self = await attribute(promotion.id, {
      userId: promotion.referrerUserId,
      type: 'referral',
      context: 'checkout',
    });
    expect(self.statusCode).toBe(400);
    expect(messagesOf(self)).toEqual(['A customer cannot use their own referral code']);
  });

  it('refuses a disabled, not yet active, expired or deleted promotion', async () => {
    const disabled = await createPromotion({ value: 'OFFNOW', disable: true });
    const res1 = await attribute(disabled.id);
    expect(res1.statusCode).toBe(409);
    expect(res1.json()).toMatchObject({ message: 'Promotion code OFFNOW is disabled' });

    const later = await createPromotion({ value: 'LATER', activeAt: '2026-02-01' });
    const res2 = await attribute(later.id);
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toMatchObject({
      message: 'Promotion code LATER can be used from 1 Feb 2026, 12:00 am (Australia/Sydney)',
    });

    // Expires at 11:00 on 5 January in Sydney; the clock reads 10:00.
    const expiring = await createPromotion({ value: 'SOON', expireAt: '2026-01-05T11:00' });
    expect((await attribute(expiring.id)).statusCode).toBe(201);
    h.clock.advance(60 * 60 * 1000);
    const res3 = await attribute(expiring.id);
    expect(res3.statusCode).toBe(409);
    expect(res3.json()).toMatchObject({
      message: 'Promotion code SOON expired on 5 Jan 2026, 11:00 am (Australia/Sydney)',
    });

    const gone = await createPromotion();
    await h.call('DELETE', `/promotions/${gone.id}`);
    const res4 = await attribute(gone.id);
    expect(res4.statusCode).toBe(404);
    expect(res4.json()).toMatchObject({ message: `Promotion ${gone.id} not found` });
  });

  it('never lets parallel uses overshoot maxUses', async () => {
    const promotion = await createPromotion({ value: 'RUSH', maxUses: 5 });
    const answers = await Promise.all(Array.from({ length: 25 }, () => attribute(promotion.id)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      message: 'Promotion code RUSH has been used the most times it can be (5)',
    });
    const read = (await h.call('GET', `/promotions/${promotion.id}`)).json<Promotion>();
    expect(read.uses).toBe(5);
    expect(read.users).toHaveLength(5);
  });
});
