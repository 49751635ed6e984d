import { beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import type {
  SignUpDeliveryDates,
  SignUpDog,
  SignUpPlans,
  SignUpPostcode,
} from '@pawfresh/contracts/account-sign-up';
import { callJson } from '@pawfresh/testing';
import { customerGraph } from './customer-graph.js';

/** The sign-up funnel's public routes (docs/sign-up.md), against the real services. */
const clock = new TestClock('2026-11-02T09:00:00.000Z');
const { apps, call: graphCall } = customerGraph(clock);
const STAFF = 'staff@pawfresh.com.au';
let promotionCode: string;
beforeAll(async () => {
  await callJson(apps.product!, 'POST', '/api/v1/products/reset-by-seed-script');
  const pricing = apps.pricing!;
  const category = await callJson(pricing, 'POST', '/discounts/categories', {
    name: 'Welcome',
    createdBy: STAFF,
  });
  const discount = await callJson(pricing, 'POST', '/discounts', {
    categoryId: category.json<{ id: string }>().id,
    name: 'Half off the first box',
    description: 'Welcome offer',
    interval: 'once-off',
    createdBy: STAFF,
    schedules: [
      {
        orderPosition: 0,
        recurring: false,
        applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
      },
    ],
  });
  expect(discount.statusCode, discount.body).toBe(201);
  const promotion = await callJson(pricing, 'POST', '/promotions', {
    type: 'coupon',
    value: 'WELCOME50',
    discountId: discount.json<{ id: string }>().id,
    createdBy: STAFF,
  });
  expect(promotion.statusCode, promotion.body).toBe(201);
  promotionCode = 'welcome50';
}, 180_000);

let ip = 0;
/** Each test from a client address of its own, so the per-address throttle is its own too. */
const visitor = () => {
  ip += 1;
  const remoteAddress = `203.0.113.${ip}`;
  return (method: string, url: string, body?: unknown) =>
    apps.account!.inject({
      method: method as 'GET' | 'POST',
      url,
      remoteAddress,
      ...(body === undefined ? {} : { payload: body as object }),
    });
};

const rex = {
  name: 'Rex',
  gender: 'male',
  isNeutered: true,
  dateOfBirth: '2022-03-01',
  dateOfBirthIsApproximate: true,
  breeds: ['labrador-retriever'],
  weight: '30',
  bodyType: 'perfect',
  activityLevel: 'loves_to_play',
  eatingHabits: 'choosy',
  foodAllergies: ['chicken'],
  healthIssues: [],
  previousFoods: ['dry-food'],
};
const bella = { ...rex, name: 'Bella', gender: 'female', weight: '8', foodAllergies: [] };

async function twoDogs(call: ReturnType<typeof visitor>) {
  const res = await call('POST', '/api/v1/sign-up/dogs', { dogs: [rex, bella] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ guestId: string; dogs: SignUpDog[] }>();
}

describe('postcodes', () => {
  it('lists a postcode’s suburbs and whether we deliver to each', async () => {
    const call = visitor();
    const res = await call('GET', '/api/v1/sign-up/postcodes/3121');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SignUpPostcode>();
    expect(answer.serviceable).toBe(true);
    expect(answer.suburbs).toContainEqual({ suburb: 'RICHMOND', serviceable: true });
  });

  it('says when we do not deliver to any of a postcode’s suburbs', async () => {
    const res = await visitor()('GET', '/api/v1/sign-up/postcodes/0872');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SignUpPostcode>().serviceable).toBe(false);
  });

  it('refuses a postcode that is not four digits, and one that does not exist', async () => {
    const call = visitor();
    const bad = await call('GET', '/api/v1/sign-up/postcodes/31a1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.stringMatching(/postcode/i) });
    const unknown = await call('GET', '/api/v1/sign-up/postcodes/0001');
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toEqual({ error: 'We do not know postcode 0001: check it' });
  });
});

describe('dogs and plans', () => {
  it('lists the breeds and allergens to describe a dog without an account', async () => {
    const res = await visitor()('GET', '/api/v1/sign-up/dog-metadata');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ breeds: { slug: string }[] }>().breeds.map((b) => b.slug)).toContain(
      'labrador-retriever',
    );
  });

  it('keeps the dogs under a guest id, with their energy need', async () => {
    const { guestId, dogs } = await twoDogs(visitor());
    expect(guestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(dogs.map((d) => d.name)).toEqual(['Rex', 'Bella']);
    expect(dogs[0]!.dailyEnergyKilocalories).toBeGreaterThan(dogs[1]!.dailyEnergyKilocalories!);
  });

  it('refuses odd dogs with a message a person can act on', async () => {
    const call = visitor();
    const cases: [unknown, RegExp][] = [
      [{ dogs: [] }, /at least 1 dog/],
      [{ dogs: [rex, rex, rex, rex, rex] }, /At most 4 dogs/],
      [{ dogs: [{ ...rex, name: '' }] }, /dog's name/],
      [{ dogs: [{ ...rex, name: 'R\u0000x' }] }, /./],
      [{ dogs: [{ ...rex, name: 'R\uD800x' }] }, /./],
      [{ dogs: [{ ...rex, name: 'x'.repeat(100_000) }] }, /./],
      [{ dogs: [{ ...rex, weight: 30 }] }, /Weight must be a valid number/],
      [{ dogs: [{ ...rex, colour: 'black' }] }, /colour/],
      [{ dogs: [rex], guestId: 'me' }, /guestId/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/v1/sign-up/dogs', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
  });

  it('recommends recipes without the dog’s allergens and prices each plan, then as chosen', async () => {
    const call = visitor();
    const { guestId, dogs } = await twoDogs(call);
    const [rexId, bellaId] = dogs.map((d) => d.identifier);
    const res = await call('POST', '/api/v1/sign-up/plans', {
      guestId,
      plans: [{ animalId: rexId }, { animalId: bellaId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const priced = res.json<SignUpPlans>();
    expect(priced.cadenceInWeeks).toBe(2);
    expect(priced.plans).toHaveLength(2);
    const meals = await callJson(apps.product!, 'GET', '/api/v1/products?type=meal');
    const chicken = meals
      .json<{ id: string; name: string }[]>()
      .filter((m) => /chicken/i.test(m.name))
      .map((m) => m.id);
    expect(priced.plans[0]!.productIds.filter((id) => chicken.includes(id))).toEqual([]);
    expect(priced.boxPrice).toBe(
      priced.plans[0]!.feedingPlan.totalPrice + priced.plans[1]!.feedingPlan.totalPrice,
    );
    expect(priced.firstBoxPrice).toBe(priced.boxPrice);
    expect(priced.promotion).toBeNull();

    const half = await call('POST', '/api/v1/sign-up/plans', {
      guestId,
      promotionCode,
      plans: [
        { animalId: rexId, planType: 'half_bowl', productIds: priced.plans[0]!.productIds },
        { animalId: bellaId },
      ],
    });
    expect(half.statusCode, half.body).toBe(200);
    const halved = half.json<SignUpPlans>();
    expect(halved.plans[0]!.feedingPlan.type).toBe('half_bowl');
    expect(halved.boxPrice).toBeLessThan(priced.boxPrice);
    expect(halved.promotion).toEqual({ code: promotionCode, discountTotal: expect.any(Number) });
    expect(halved.firstBoxPrice).toBeLessThan(halved.boxPrice);
    expect(halved.firstBoxPrice).toBeGreaterThanOrEqual(Math.floor(halved.boxPrice / 2) - 2);
  });

  it('refuses an unknown promotion code, another guest’s dog and a bad guest id', async () => {
    const call = visitor();
    const { guestId, dogs } = await twoDogs(call);
    const other = await twoDogs(call);
    const unknownCode = await call('POST', '/api/v1/sign-up/plans', {
      guestId,
      promotionCode: 'NOPE123',
      plans: [{ animalId: dogs[0]!.identifier }],
    });
    expect(unknownCode.statusCode, unknownCode.body).toBe(404);
    const stranger = await call('POST', '/api/v1/sign-up/plans', {
      guestId,
      plans: [{ animalId: other.dogs[0]!.identifier }],
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({
      error: 'We cannot find the dogs you described: start again from your dogs',
    });
    const bad = await call('POST', '/api/v1/sign-up/plans', { guestId: 'x', plans: [] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('delivery dates', () => {
  it('offers the courier’s days from its cut-off on, and refuses a bad suburb', async () => {
    const call = visitor();
    const res = await call('GET', '/api/v1/sign-up/delivery-dates?postCode=3121&suburb=Richmond');
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json<SignUpDeliveryDates>();
    // Monday 8pm in Melbourne. A Saturday PM box is made Friday, charged Wednesday, and closes at
    // 5pm on Tuesday: the first still open. Saturday AM is made a day sooner: closed already.
    expect(days[0]).toEqual({
      deliveryDate: '2026-11-07',
      slots: [{ slot: 'PM', cutoffAt: '2026-11-03T06:00:00.000Z' }],
    });
    expect(days[1]!.slots.map((s) => s.slot)).toEqual(['AM', 'PM']);
    expect(res.json<SignUpDeliveryDates>().timezone).toBe('Australia/Melbourne');
    const bad = await call('GET', '/api/v1/sign-up/delivery-dates?postCode=3121&suburb=');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Enter the suburb' });
    const extra = await call(
      'GET',
      '/api/v1/sign-up/delivery-dates?postCode=3121&suburb=Richmond&x=1',
    );
    expect(extra.statusCode).toBe(400);
  });
});

describe('signing up', () => {
  const address = {
    firstName: 'Sam',
    lastName: 'Citizen',
    address1: '12 Example Street',
    suburb: 'Richmond',
    state: 'VIC',
    postCode: '3121',
    phoneNumber: '0412345678',
  };
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

  async function ready(call: ReturnType<typeof visitor>, email: string) {
    const { guestId, dogs } = await twoDogs(call);
    const plans = dogs.map((d) => ({ animalId: d.identifier }));
    const priced = await call('POST', '/api/v1/sign-up/plans', { guestId, promotionCode, plans });
    expect(priced.statusCode, priced.body).toBe(200);
    return {
      guestId,
      promotionCode,
      plans,
      deliveryDate: '2026-11-07',
      deliverySlot: 'PM',
      address: { ...address, email },
      password: 'woof woof 9',
      card,
      expectedTotal: priced.json<SignUpPlans>().firstBoxPrice,
    };
  }

  it('charges the first box as shown, makes the account and signs the new customer in', async () => {
    const call = visitor();
    const body = await ready(call, 'sam.signup@example.com.au');
    const res = await call('POST', '/api/v1/sign-up', body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ accessToken: string; amountCharged: number }>();
    expect(answer.amountCharged).toBe(body.expectedTotal);
    expect(res.cookies.find((c) => c.name === 'pawfresh_refresh')).toMatchObject({
      httpOnly: true,
      path: '/api/v1',
    });
    const orders = await graphCall('GET', '/api/v1/orders', undefined, {
      authorization: `Bearer ${answer.accessToken}`,
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(JSON.stringify(orders.json())).toContain('2026-11-07');

    // The guest id is now a customer's: its sign-up is finished.
    const again = await call('POST', '/api/v1/sign-up', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This sign-up is finished: sign in to see your dogs' });
  }, 120_000);

  it('refuses a total other than the one shown, and an e-mail already taken, charging nothing', async () => {
    const call = visitor();
    const body = await ready(call, 'jo.signup@example.com.au');
    const moved = await call('POST', '/api/v1/sign-up', { ...body, expectedTotal: 1 });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json<{ error: string }>().error).toMatch(/^The first box now costs \$/);
    const taken = await call('POST', '/api/v1/sign-up', {
      ...body,
      address: { ...body.address, email: 'sam.signup@example.com.au' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'An account with sam.signup@example.com.au already exists: sign in instead',
    });
  }, 120_000);

  it('refuses bad sign-up input with a message a person can act on', async () => {
    const call = visitor();
    const body = await ready(call, 'kim.signup@example.com.au');
    const cases: [unknown, RegExp][] = [
      [{ ...body, password: '123' }, /password/i],
      [{ ...body, card: { ...card, number: '42' } }, /card.number/],
      [{ ...body, deliveryDate: 'soon' }, /first delivery date/],
      [{ ...body, deliverySlot: 'NIGHT' }, /./],
      [{ ...body, address: { ...body.address, postCode: '31' } }, /postcode/i],
      [{ ...body, address: { ...body.address, address1: 'x'.repeat(100_000) } }, /./],
      [{ ...body, extra: true }, /extra/],
      [{ ...body, expectedTotal: -1 }, /./],
    ];
    for (const [input, message] of cases) {
      const res = await call('POST', '/api/v1/sign-up', input);
      expect(res.statusCode, JSON.stringify(input).slice(0, 120)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
  }, 120_000);
});

describe('throttling', () => {
  it('answers 429 when one address keeps adding dogs, and not another address', async () => {
    const call = visitor();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await call('POST', '/api/v1/sign-up/dogs', { dogs: [bella] })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const over = await call('POST', '/api/v1/sign-up/dogs', { dogs: [bella] });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect((await visitor()('POST', '/api/v1/sign-up/dogs', { dogs: [bella] })).statusCode).toBe(
      201,
    );
  });
});
