import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, signAccessToken } from '@pawfresh/kit';
import { accountContract, type CustomerDog } from '@pawfresh/contracts/account';
import type { RecommendedMeal } from '@pawfresh/contracts/product';
import {
  fuzzContract,
  routeFetch,
  serviceApp,
  serviceAuth,
  svcUrl,
  testDatabase,
  TEST_ACCESS_TOKEN_SECRET,
} from '@pawfresh/testing';
import { productService } from '@pawfresh/product';
import { identityService } from '@pawfresh/identity';
import { dogsService } from '@pawfresh/dogs';
import { paymentService } from '@pawfresh/payment';
import { courierService } from '@pawfresh/courier';
import { orderService } from '@pawfresh/order';
import { accountService } from '../src/index.js';

let database: DatabaseConnection;
const apps: Record<string, FastifyInstance> = {};
let account: FastifyInstance;
const clock = new TestClock('2026-11-02T09:00:00.000Z');

beforeAll(async () => {
  database = await testDatabase();
  const options = { database, clock, serviceUrl: svcUrl, fetch: routeFetch(apps) };
  apps.product = await serviceApp(productService, options);
  apps.identity = await serviceApp(identityService, options);
  apps.dogs = await serviceApp(dogsService, options);
  apps.payment = await serviceApp(paymentService, options);
  apps.courier = await serviceApp(courierService, options);
  apps.order = await serviceApp(orderService, options);
  account = await serviceApp(accountService, options);
  await apps.product.inject({
    method: 'POST',
    url: '/api/v1/products/reset-by-seed-script',
    headers: serviceAuth,
  });
});
afterAll(async () => {
  await account?.close();
  for (const app of Object.values(apps)) await app.close();
  await database?.close();
});

let counter = 0;
/** A new customer of our own for each test, so tests never lean on each other's state. */
async function newCustomer(password = 'woofwoof9') {
  counter += 1;
  const email = `customer${counter}@example.com.au`;
  const res = await apps.identity!.inject({
    method: 'POST',
    url: '/identity/users',
    headers: serviceAuth,
    payload: { email, password, firstName: 'Jo', lastName: `Tester${counter}`, role: 'customer' },
  });
  expect(res.statusCode).toBe(201);
  const login = await call('POST', '/api/v1/login', { payload: { email, password } });
  expect(login.statusCode).toBe(200);
  return {
    id: res.json().id as string,
    email,
    password,
    token: login.json().accessToken as string,
    cookie: refreshCookie(login),
  };
}

function refreshCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'pawfresh_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return `pawfresh_refresh=${cookie.value}`;
}

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  options: { token?: string; cookie?: string; payload?: unknown } = {},
) {
  return account.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

describe('signing in and sessions', () => {
  it('signs in, setting an httpOnly, same-site refresh cookie for the API only', async () => {
    const c = await newCustomer();
    const res = await call('POST', '/api/v1/login', {
      payload: { email: c.email.toUpperCase(), password: c.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const cookie = res.cookies.find((k) => k.name === 'pawfresh_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1' });
    // The readable hint beside it holds no secret.
    const hint = res.cookies.find((k) => k.name === 'pawfresh_session');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint).not.toHaveProperty('httpOnly');
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const c = await newCustomer();
    const wrong = await call('POST', '/api/v1/login', {
      payload: { email: c.email, password: 'not-it-1' },
    });
    const unknown = await call('POST', '/api/v1/login', {
      payload: { email: 'nobody@example.com.au', password: 'not-it-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Incorrect email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('limits sign-in attempts per account, then refuses even the right password for a while', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/v1/login', {
        payload: { email: c.email, password: `guess-${i}` },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await call('POST', '/api/v1/login', {
      payload: { email: c.email, password: c.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    clock.advance(16 * 60 * 1000);
    const later = await call('POST', '/api/v1/login', {
      payload: { email: c.email, password: c.password },
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses staff in the customer app', async () => {
    await apps.identity!.inject({
      method: 'POST',
      url: '/identity/users',
      headers: serviceAuth,
      payload: {
        email: 'casey.staff@example.com.au',
        password: 'staffpass9',
        firstName: 'Casey',
        lastName: 'Staff',
        role: 'staff',
      },
    });
    const res = await call('POST', '/api/v1/login', {
      payload: { email: 'casey.staff@example.com.au', password: 'staffpass9' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad sign-in input with a 400', async () => {
    const res = await call('POST', '/api/v1/login', {
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Enter a valid email address');
  });

  it('rotates the refresh cookie, and a reused one signs the whole session out', async () => {
    const c = await newCustomer();
    const first = await call('GET', '/api/v1/refresh', { cookie: c.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accessToken: expect.any(String) });
    const rotated = refreshCookie(first);
    expect(rotated).not.toBe(c.cookie);
    const reused = await call('GET', '/api/v1/refresh', { cookie: c.cookie });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
    const afterReuse = await call('GET', '/api/v1/refresh', { cookie: rotated });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('refuses a refresh without the cookie', async () => {
    const res = await call('GET', '/api/v1/refresh');
    expect(res.statusCode).toBe(401);
  });

  it('signs out: the refresh cookie stops working and is cleared', async () => {
    const c = await newCustomer();
    const out = await call('POST', '/api/v1/logout', { cookie: c.cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(out.cookies.find((k) => k.name === 'pawfresh_refresh')?.value).toBe('');
    expect(out.cookies.find((k) => k.name === 'pawfresh_session')?.value).toBe('');
    expect((await call('GET', '/api/v1/refresh', { cookie: c.cookie })).statusCode).toBe(401);
  });

  it('refuses signed-in calls without a token, with an expired token, and with a staff token', async () => {
    expect((await call('GET', '/api/v1/me')).json()).toEqual({ error: 'Sign in to continue' });
    const c = await newCustomer();
    clock.advance(16 * 60 * 1000);
    const expired = await call('GET', '/api/v1/me', { token: c.token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
    const staff = await signAccessToken(
      { userId: c.id, role: 'staff', sessionId: c.id },
      TEST_ACCESS_TOKEN_SECRET,
      { now: clock.now(), ttlSeconds: 60 },
    );
    expect((await call('GET', '/api/v1/me', { token: staff.token })).statusCode).toBe(403);
  });
});

describe('a customer token never reaches a domain service', () => {
  it('is refused by the product service, which accepts staff', async () => {
    const c = await newCustomer();
    const asCustomer = await apps.product!.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(asCustomer.statusCode).toBe(403);
    const staff = await signAccessToken(
      { userId: c.id, role: 'staff', sessionId: c.id },
      TEST_ACCESS_TOKEN_SECRET,
      { now: clock.now(), ttlSeconds: 60 },
    );
    const asStaff = await apps.product!.inject({
      method: 'GET',
      url: '/api/v1/products?type=toy',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(asStaff.statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('reads and changes the profile, with the spec’s messages for a bad phone and password', async () => {
    const c = await newCustomer();
    const me = await call('GET', '/api/v1/me', { token: c.token });
    expect(me.json()).toEqual({
      cognitoUserId: c.id,
      firstName: 'Jo',
      lastName: expect.any(String),
      email: c.email,
      phoneNumber: null,
    });
    const badPhone = await call('PATCH', '/api/v1/me', {
      token: c.token,
      payload: { phoneNumber: '0512345678' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({ error: 'Invalid Australian phone number' });
    const shortPassword = await call('PATCH', '/api/v1/me', {
      token: c.token,
      payload: { password: 'abc' },
    });
    expect(shortPassword.json()).toEqual({ error: 'Password must be at least 6 characters long' });
    const ok = await call('PATCH', '/api/v1/me', {
      token: c.token,
      payload: { phoneNumber: '0412 345 678', firstName: 'Joanne' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Joanne', phoneNumber: '0412345678' });
  });

  it('refuses an e-mail that belongs to someone else', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const res = await call('PATCH', '/api/v1/me', { token: a.token, payload: { email: b.email } });
    expect(res.statusCode).toBe(409);
    expect(
      (
        await call('GET', `/api/v1/check-email?email=${encodeURIComponent(b.email)}`, {
          token: a.token,
        })
      ).json(),
    ).toEqual({ isTaken: true });
    expect(
      (
        await call('GET', '/api/v1/check-email?email=free%40example.com.au', { token: a.token })
      ).json(),
    ).toEqual({ isTaken: false });
    expect(
      (await call('GET', '/api/v1/check-email?email=nope', { token: a.token })).statusCode,
    ).toBe(400);
  });

  it('changes the password given the current one', async () => {
    const c = await newCustomer();
    const wrong = await call('POST', '/api/v1/reset-password', {
      token: c.token,
      payload: { previousPassword: 'wrong-one', password: 'newpass99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The current password is incorrect' });
    const ok = await call('POST', '/api/v1/reset-password', {
      token: c.token,
      payload: { previousPassword: c.password, password: 'newpass99' },
    });
    expect(ok.json()).toEqual({ success: true });
    // This device stays signed in with a new refresh cookie; the old session is signed out.
    expect((await call('GET', '/api/v1/refresh', { cookie: refreshCookie(ok) })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/v1/refresh', { cookie: c.cookie })).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/v1/login', { payload: { email: c.email, password: 'newpass99' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/v1/login', { payload: { email: c.email, password: c.password } }))
        .statusCode,
    ).toBe(401);
  });

  it('recovers a password with the e-mailed code, once', async () => {
    const c = await newCustomer();
    const forgot = await call('POST', '/api/v1/forgot-password', { payload: { email: c.email } });
    expect(forgot.json()).toEqual({ success: true });
    const unknown = await call('POST', '/api/v1/forgot-password', {
      payload: { email: 'ghost@example.com.au' },
    });
    expect(unknown.json()).toEqual({ success: true });
    const mail = await apps.identity!.inject({
      method: 'GET',
      url: `/identity/dev/mailbox/messages?to=${encodeURIComponent(c.email)}`,
    });
    const code = /\b(\d{6})\b/.exec(mail.json()[0].text)?.[1];
    expect(code).toBeDefined();
    const confirm = await call('POST', '/api/v1/confirm-forgot-password', {
      payload: { email: c.email, password: 'recovered1', confirmationCode: code },
    });
    expect(confirm.json()).toEqual({ success: true });
    expect(
      (await call('POST', '/api/v1/login', { payload: { email: c.email, password: 'recovered1' } }))
        .statusCode,
    ).toBe(200);
    const again = await call('POST', '/api/v1/confirm-forgot-password', {
      payload: { email: c.email, password: 'recovered2', confirmationCode: code },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('default address', () => {
  const address = {
    address1: '5 Smith Street',
    suburb: 'Fitzroy',
    city: 'Melbourne',
    state: 'vic',
    postCode: '3065',
    deliveryInstructions: 'Side gate',
  };

  it('sets and reads the default address', async () => {
    const c = await newCustomer();
    expect((await call('GET', '/api/v1/addresses/default', { token: c.token })).statusCode).toBe(
      404,
    );
    const put = await call('PUT', '/api/v1/addresses/default', {
      token: c.token,
      payload: address,
    });
    expect(put.json()).toEqual({ success: true });
    const got = await call('GET', '/api/v1/addresses/default', { token: c.token });
    expect(got.json()).toMatchObject({
      ...address,
      state: 'VIC',
      cognitoUserId: c.id,
      isDefault: true,
      countryCode: 'AU',
    });
  });

  it('refuses a bad address, and a delivery date until orders exist', async () => {
    const c = await newCustomer();
    const badState = await call('PUT', '/api/v1/addresses/default', {
      token: c.token,
      payload: { ...address, state: 'XX' },
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error).toContain(
      'state must be one of: ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
    );
    const badPostcode = await call('PUT', '/api/v1/addresses/default', {
      token: c.token,
      payload: { ...address, postCode: '30' },
    });
    expect(badPostcode.json()).toEqual({ error: 'Postcode must be 4 digits' });
    const withDate = await call('PUT', '/api/v1/addresses/default', {
      token: c.token,
      payload: { ...address, date: { deliveryDate: '2026-11-10', deliverySlotId: 'AM' } },
    });
    expect(withDate.statusCode).toBe(400);
    expect(withDate.json().error).toMatch(/not available yet/);
    expect((await call('GET', '/api/v1/addresses/default', { token: c.token })).statusCode).toBe(
      404,
    );
  });
});

describe('dogs', () => {
  const biscuit = {
    name: 'Biscuit',
    dateOfBirth: '2022-05-01',
    gender: 'female',
    isNeutered: true,
    breeds: ['cavoodle'],
    weight: '8.5',
    bodyType: 'perfect',
    activityLevel: 'loves_to_play',
    foodAllergies: ['chicken'],
  };

  async function mealIds() {
    const res = await call('GET', '/api/v1/products');
    return (res.json().meals as { id: string; name: string }[]).map((m) => m.id);
  }

  it('adds, lists and edits the customer’s own dogs', async () => {
    const c = await newCustomer();
    expect((await call('GET', '/api/v1/dogs', { token: c.token })).json()).toEqual([]);
    const meals = await mealIds();
    const added = await call('POST', '/api/v1/dogs', {
      token: c.token,
      payload: { dog: biscuit, productIds: meals.slice(0, 2) },
    });
    expect(added.statusCode).toBe(200);
    const dog = added.json<CustomerDog>();
    expect(dog).toMatchObject({
      name: 'Biscuit',
      weight: '8.5',
      mealProductIds: meals.slice(0, 2),
    });
    expect(dog).not.toHaveProperty('userId');
    expect(dog.dailyEnergyKilocalories).toBeGreaterThan(300);
    const renamed = await call('PATCH', `/api/v1/dogs/${dog.identifier}`, {
      token: c.token,
      payload: { dog: { name: 'Biscuit II' } },
    });
    expect(renamed.json().name).toBe('Biscuit II');
    const heavier = await call('POST', '/api/v1/dog/update-profile', {
      token: c.token,
      payload: { dogId: dog.identifier, dogProfileInput: { weight: '10' } },
    });
    expect(heavier.json().dailyEnergyKilocalories).toBeGreaterThan(dog.dailyEnergyKilocalories!);
    const list = await call('GET', '/api/v1/dogs', { token: c.token });
    expect(list.json().map((d: CustomerDog) => d.name)).toEqual(['Biscuit II']);
  });

  it('answers bad dog input with the spec’s messages', async () => {
    const c = await newCustomer();
    const badWeight = await call('POST', '/api/v1/dogs', {
      token: c.token,
      payload: { dog: { ...biscuit, weight: 'heavy' } },
    });
    expect(badWeight.json()).toEqual({ error: 'Weight must be a valid number' });
    const badDate = await call('POST', '/api/v1/dogs', {
      token: c.token,
      payload: { dog: { ...biscuit, dateOfBirth: '01/05/2022' } },
    });
    expect(badDate.json()).toEqual({ error: 'Invalid date format. Expected YYYY-MM-DD.' });
    const notMeals = await call('POST', '/api/v1/dogs', {
      token: c.token,
      payload: { dog: biscuit, productIds: ['3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a'] },
    });
    expect(notMeals.statusCode).toBe(400);
    expect(notMeals.json().error).toMatch(/^productIds must be meal product ids/);
  });

  it('gives 404 for another customer’s dog on every dog call', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const dog = (
      await call('POST', '/api/v1/dogs', { token: owner.token, payload: { dog: biscuit } })
    ).json<CustomerDog>();
    const attempts = [
      call('PATCH', `/api/v1/dogs/${dog.identifier}`, {
        token: other.token,
        payload: { dog: { name: 'Mine now' } },
      }),
      call('POST', '/api/v1/dog/update-profile', {
        token: other.token,
        payload: { dogId: dog.identifier, dogProfileInput: { weight: '30' } },
      }),
      call('GET', `/api/v1/meal-recommendations/${dog.identifier}`, { token: other.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Dog not found' });
    }
    expect((await call('GET', '/api/v1/dogs', { token: other.token })).json()).toEqual([]);
    const unchanged = (await call('GET', '/api/v1/dogs', { token: owner.token })).json<
      CustomerDog[]
    >()[0];
    expect(unchanged).toMatchObject({ name: 'Biscuit', weight: '8.5' });
  });

  it('recommends meals from the dog’s allergies and health issues', async () => {
    const c = await newCustomer();
    const dog = (
      await call('POST', '/api/v1/dogs', {
        token: c.token,
        payload: { dog: { ...biscuit, healthIssues: ['pancreatitis'] } },
      })
    ).json<CustomerDog>();
    const res = await call('GET', `/api/v1/meal-recommendations/${dog.identifier}`, {
      token: c.token,
    });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      res.json<RecommendedMeal[]>().map((m) => [m.name, m.recommendation.recommendationType]),
    );
    expect(byName).toMatchObject({
      'Chicken Bowl': 'blocked',
      'Turkey Bowl': 'recommended',
      'Lamb Bowl': 'not_recommended',
      'Goat Bowl': 'neutral',
    });
    expect(
      (await call('GET', '/api/v1/meal-recommendations/not-a-uuid', { token: c.token })).statusCode,
    ).toBe(400);
  });

  it('lists the reference data', async () => {
    const c = await newCustomer();
    const meta = (await call('GET', '/api/v1/dogs/metadata', { token: c.token })).json();
    expect(meta.breeds.length).toBeGreaterThan(100);
    expect(meta.breeds.map((b: { slug: string }) => b.slug)).toContain('cavoodle');
    expect(meta.foodAllergens.map((a: { slug: string }) => a.slug)).toEqual(
      expect.arrayContaining(['beef', 'chicken', 'fish']),
    );
  });
});

describe('saved cards', () => {
  async function saveCard(userId: string, number: string) {
    const res = await apps.payment!.inject({
      method: 'POST',
      url: '/customers/create-payment-method',
      headers: serviceAuth,
      payload: { userId, card: { number, expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it('lists the customer’s cards and changes the default, never showing provider ids', async () => {
    const c = await newCustomer();
    const visa = await saveCard(c.id, '4242 4242 4242 4242');
    const mastercard = await saveCard(c.id, '5555555555554444');
    const list = await call('GET', '/api/v1/payment-methods', { token: c.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: visa,
        brand: 'visa',
        expiryMonth: 12,
        expiryYear: 2030,
        last4Digits: '4242',
        default: true,
      },
      {
        id: mastercard,
        brand: 'mastercard',
        expiryMonth: 12,
        expiryYear: 2030,
        last4Digits: '4444',
        default: false,
      },
    ]);
    expect(
      (await call('GET', '/api/v1/payment-methods/default', { token: c.token })).json().id,
    ).toBe(visa);
    const changed = await call('PUT', '/api/v1/payment-methods/default', {
      token: c.token,
      payload: { paymentMethodId: mastercard, provider: 'sandbox' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: mastercard, default: true });
    expect(
      (await call('GET', '/api/v1/payment-methods/default', { token: c.token })).json().id,
    ).toBe(mastercard);
  });

  it('has no cards for a customer who never saved one, and refuses another customer’s card', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const card = await saveCard(owner.id, '4242424242424242');
    expect((await call('GET', '/api/v1/payment-methods', { token: other.token })).json()).toEqual(
      [],
    );
    const noDefault = await call('GET', '/api/v1/payment-methods/default', { token: other.token });
    expect(noDefault.statusCode).toBe(404);
    expect(noDefault.json()).toEqual({ error: 'No saved card yet' });
    const stolen = await call('PUT', '/api/v1/payment-methods/default', {
      token: other.token,
      payload: { paymentMethodId: card },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Card not found' });
    const bad = await call('PUT', '/api/v1/payment-methods/default', {
      token: other.token,
      payload: { paymentMethodId: 'card-1' },
    });
    expect(bad.json()).toEqual({ error: 'paymentMethodId must be one of your saved cards' });
    expect(
      (await call('GET', '/api/v1/payment-methods/default', { token: owner.token })).json().id,
    ).toBe(card);
  });
});

describe('delivery coverage', () => {
  it('checks serviceability by postcode and suburb, case-insensitively', async () => {
    const c = await newCustomer();
    const melbourne = await call('POST', '/api/v1/couriers/serviceability-check', {
      token: c.token,
      payload: { postcode: '3000', suburb: 'melbourne' },
    });
    expect(melbourne.statusCode).toBe(200);
    expect(melbourne.json()).toMatchObject({ serviceable: true, postcode: '3000' });
    const outback = await call('POST', '/api/v1/couriers/serviceability-check', {
      token: c.token,
      payload: { postcode: '0872', suburb: 'Alice Springs' },
    });
    expect(outback.json()).toMatchObject({ serviceable: false });
    const bad = await call('POST', '/api/v1/couriers/serviceability-check', {
      token: c.token,
      payload: { postcode: '30', suburb: 'Melbourne' },
    });
    expect(bad.json()).toEqual({ error: 'Postcode must be 4 digits' });
    expect(
      (
        await call('POST', '/api/v1/couriers/serviceability-check', {
          payload: { postcode: '3000', suburb: 'Melbourne' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists delivery dates with AM/PM slots for two weeks', async () => {
    const c = await newCustomer();
    const from = clock.now().toISOString().slice(0, 10);
    const to = new Date(clock.now().getTime() + 13 * 86_400_000).toISOString().slice(0, 10);
    const res = await call(
      'GET',
      `/api/v1/couriers/delivery-schedules?postCode=2000&suburb=Sydney&fromDate=${from}&toDate=${to}`,
      { token: c.token },
    );
    expect(res.statusCode).toBe(200);
    const days = res.json<{ deliveryDate: string; slotAvailability: number }[]>();
    expect(days).toHaveLength(14);
    expect(days.some((d) => d.slotAvailability === 3)).toBe(true);
    const badDate = await call(
      'GET',
      `/api/v1/couriers/delivery-schedules?postCode=2000&suburb=Sydney&fromDate=tomorrow&toDate=${to}`,
      { token: c.token },
    );
    expect(badDate.json()).toEqual({ error: 'Invalid date format. Expected YYYY-MM-DD.' });
  });
});

describe('odd input generated from the contract', () => {
  it('never gets a 500 and always the customer envelope', async () => {
    const c = await newCustomer();
    expect(
      await fuzzContract(account, accountContract, { authorization: `Bearer ${c.token}` }, 15),
    ).toEqual([]);
  });
});
