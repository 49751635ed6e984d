import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_CHECK_SECONDS, TestClock, signAccessToken } from '@pawfresh/kit';
import { accountContract, type CustomerDog } from '@pawfresh/contracts/account';
import type { RecommendedMeal } from '@pawfresh/contracts/product';
import {
  caller,
  callJson,
  fuzzContract,
  graphUnderTest,
  messagesOf,
  TEST_ACCESS_TOKEN_SECRET,
} from '@pawfresh/testing';
import { productService } from '@pawfresh/product';
import { identityService } from '@pawfresh/identity';
import { dogsService } from '@pawfresh/dogs';
import { paymentService } from '@pawfresh/payment';
import { courierService } from '@pawfresh/courier';
import { orderService } from '@pawfresh/order';
import { pricingService } from '@pawfresh/pricing';
import { subscriptionService } from '@pawfresh/subscription';
import { orchestrationService } from '@pawfresh/orchestration';
import { accountService } from '../src/index.js';

const clock = new TestClock('2026-11-02T09:00:00.000Z');
// The order changes and cards run workflows (the contract fuzz below reaches them), and so do
// the Subscriptions changes; their reads go to the subscription service.
const { apps } = graphUnderTest(
  {
    product: productService,
    identity: identityService,
    dogs: dogsService,
    payment: paymentService,
    courier: courierService,
    order: orderService,
    pricing: pricingService,
    subscription: subscriptionService,
    orchestration: orchestrationService,
    account: accountService,
  },
  { clock },
);
let account: FastifyInstance;
beforeAll(async () => {
  account = apps.account!;
  await callJson(apps.product!, 'POST', '/api/v1/products/reset-by-seed-script');
});

/** Calls to the customer API; each passes its caller's headers (`nobody`, or a customer's). */
const call = caller(() => account);
const nobody = {};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = (email: string, password: string) =>
  call('POST', '/api/v1/login', { email, password }, nobody);
const refreshWith = (cookie: string) => call('GET', '/api/v1/refresh', undefined, { cookie });

let counter = 0;
/** A new customer of our own for each test, so tests never lean on each other's state. */
async function newCustomer(password = 'woofwoof9') {
  counter += 1;
  const email = `customer${counter}@example.com.au`;
  const res = await callJson(apps.identity!, 'POST', '/identity/users', {
    email,
    password,
    firstName: 'Jo',
    lastName: `Tester${counter}`,
    role: 'customer',
  });
  expect(res.statusCode).toBe(201);
  const login = await signIn(email, password);
  expect(login.statusCode).toBe(200);
  return {
    id: res.json().id as string,
    email,
    password,
    /** The customer's own headers on a signed-in call. */
    auth: bearer(login.json().accessToken as string),
    cookie: refreshCookie(login),
  };
}

function refreshCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'pawfresh_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return `pawfresh_refresh=${cookie.value}`;
}

describe('signing in and sessions', () => {
  it('signs in, setting an httpOnly, same-site refresh cookie for the API only', async () => {
    const c = await newCustomer();
    const res = await signIn(c.email.toUpperCase(), c.password);
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
    const wrong = await signIn(c.email, 'not-it-1');
    const unknown = await signIn('nobody@example.com.au', 'not-it-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Incorrect email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('limits sign-in attempts per account, then refuses even the right password for a while', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(c.email, `guess-${i}`);
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await signIn(c.email, c.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    clock.advance(16 * 60 * 1000);
    const later = await signIn(c.email, c.password);
    expect(later.statusCode).toBe(200);
  });

  it('refuses staff in the customer app', async () => {
    await callJson(apps.identity!, 'POST', '/identity/users', {
      email: 'casey.staff@example.com.au',
      password: 'staffpass9',
      firstName: 'Casey',
      lastName: 'Staff',
      role: 'support',
    });
    const res = await signIn('casey.staff@example.com.au', 'staffpass9');
    expect(res.statusCode).toBe(401);
  });

  it('answers bad sign-in input with a 400', async () => {
    const res = await signIn('not-an-email', '');
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.stringContaining('Enter a valid email address')]);
  });

  it('rotates the refresh cookie, and a reused one signs the whole session out', async () => {
    const c = await newCustomer();
    const first = await refreshWith(c.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accessToken: expect.any(String) });
    const rotated = refreshCookie(first);
    expect(rotated).not.toBe(c.cookie);
    const reused = await refreshWith(c.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
    const afterReuse = await refreshWith(rotated);
    expect(afterReuse.statusCode).toBe(401);
  });

  it('refuses a refresh without the cookie', async () => {
    const res = await call('GET', '/api/v1/refresh', undefined, nobody);
    expect(res.statusCode).toBe(401);
  });

  it('signs out: the refresh cookie stops working and is cleared', async () => {
    const c = await newCustomer();
    const out = await call('POST', '/api/v1/logout', {}, { cookie: c.cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(out.cookies.find((k) => k.name === 'pawfresh_refresh')?.value).toBe('');
    expect(out.cookies.find((k) => k.name === 'pawfresh_session')?.value).toBe('');
    expect((await refreshWith(c.cookie)).statusCode).toBe(401);
  });

  it('refuses the old access token after logout (within SESSION_CHECK_SECONDS)', async () => {
    const c = await newCustomer();
    expect((await call('GET', '/api/v1/dogs', undefined, c.auth)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/logout', {}, { cookie: c.cookie })).statusCode).toBe(200);
    clock.advance(SESSION_CHECK_SECONDS * 1000);
    const after = await call('GET', '/api/v1/dogs', undefined, c.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
  });

  it('treats an over-long or odd refresh cookie as no session: logout clears it, refresh is a 401', async () => {
    for (const value of ['x'.repeat(5000), 'not a token', '%00%00']) {
      const cookie = `pawfresh_refresh=${value}`;
      const out = await call('POST', '/api/v1/logout', {}, { cookie });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect(out.cookies.find((k) => k.name === 'pawfresh_refresh')?.value).toBe('');
      const refreshed = await refreshWith(cookie);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json()).toEqual({
        error: 'Your session has expired. Please sign in again.',
      });
    }
  });

  it('refuses signed-in calls without a token, with an expired token, and with a staff token', async () => {
    expect((await call('GET', '/api/v1/me', undefined, nobody)).json()).toEqual({
      error: 'Sign in to continue',
    });
    const c = await newCustomer();
    clock.advance(16 * 60 * 1000);
    const expired = await call('GET', '/api/v1/me', undefined, c.auth);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
    const staff = await signAccessToken(
      { userId: c.id, role: 'support', sessionId: c.id },
      TEST_ACCESS_TOKEN_SECRET,
      { now: clock.now(), ttlSeconds: 60 },
    );
    expect((await call('GET', '/api/v1/me', undefined, bearer(staff.token))).statusCode).toBe(403);
  });
});

describe('a customer token never reaches a domain service', () => {
  it('is refused by the product service, which accepts an admin but no other staff', async () => {
    const c = await newCustomer();
    const asCustomer = await callJson(apps.product!, 'GET', '/api/v1/products', undefined, c.auth);
    expect(asCustomer.statusCode).toBe(403);
    const asRole = async (role: 'support' | 'admin') => {
      const { token } = await signAccessToken(
        { userId: c.id, role, sessionId: c.id },
        TEST_ACCESS_TOKEN_SECRET,
        { now: clock.now(), ttlSeconds: 60 },
      );
      return callJson(apps.product!, 'GET', '/api/v1/products?type=toy', undefined, bearer(token));
    };
    expect((await asRole('support')).statusCode).toBe(403);
    expect((await asRole('admin')).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('reads and changes the profile, with the spec’s messages for a bad phone and password', async () => {
    const c = await newCustomer();
    const me = await call('GET', '/api/v1/me', undefined, c.auth);
    expect(me.json()).toEqual({
      cognitoUserId: c.id,
      firstName: 'Jo',
      lastName: expect.any(String),
      email: c.email,
      phoneNumber: null,
    });
    const badPhone = await call('PATCH', '/api/v1/me', { phoneNumber: '0512345678' }, c.auth);
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({ error: 'Invalid Australian phone number' });
    const shortPassword = await call('PATCH', '/api/v1/me', { password: 'abc' }, c.auth);
    expect(shortPassword.json()).toEqual({ error: 'Password must be at least 6 characters long' });
    const ok = await call(
      'PATCH',
      '/api/v1/me',
      { phoneNumber: '0412 345 678', firstName: 'Joanne' },
      c.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Joanne', phoneNumber: '0412345678' });
  });

  it('refuses an e-mail that belongs to someone else', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const res = await call('PATCH', '/api/v1/me', { email: b.email }, a.auth);
    expect(res.statusCode).toBe(409);
    expect(
      (
        await call(
          'GET',
          `/api/v1/check-email?email=${encodeURIComponent(b.email)}`,
          undefined,
          a.auth,
        )
      ).json(),
    ).toEqual({ isTaken: true });
    expect(
      (
        await call('GET', '/api/v1/check-email?email=free%40example.com.au', undefined, a.auth)
      ).json(),
    ).toEqual({ isTaken: false });
    expect(
      (await call('GET', '/api/v1/check-email?email=nope', undefined, a.auth)).statusCode,
    ).toBe(400);
  });

  it('changes the password given the current one', async () => {
    const c = await newCustomer();
    const wrong = await call(
      'POST',
      '/api/v1/reset-password',
      { previousPassword: 'wrong-one', password: 'newpass99' },
      c.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The current password is incorrect' });
    const ok = await call(
      'POST',
      '/api/v1/reset-password',
      { previousPassword: c.password, password: 'newpass99' },
      c.auth,
    );
    expect(ok.json()).toEqual({ success: true });
    // This device stays signed in with a new refresh cookie; the old session is signed out.
    expect((await refreshWith(refreshCookie(ok))).statusCode).toBe(200);
    expect((await refreshWith(c.cookie)).statusCode).toBe(401);
    expect((await signIn(c.email, 'newpass99')).statusCode).toBe(200);
    expect((await signIn(c.email, c.password)).statusCode).toBe(401);
  });

  it('changes a password from a throttled address: not a sign-in, so the device stays signed in', async () => {
    const c = await newCustomer();
    const from =
      (remoteAddress: string) => (method: 'POST' | 'PATCH', url: string, body: unknown) =>
        account.inject({
          method,
          url,
          remoteAddress,
          headers: { ...c.auth, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
    const office = '203.0.113.9';
    for (let i = 0; i < 20; i++) {
      const res = await account.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: office,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `colleague${i}@example.com.au`, password: 'guess-it-1' }),
      });
      expect(res.statusCode).toBe(401);
    }
    const changed = await from(office)('POST', '/api/v1/reset-password', {
      previousPassword: c.password,
      password: 'officepass1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await refreshWith(refreshCookie(changed))).statusCode).toBe(200);
    const patched = await from(office)('PATCH', '/api/v1/me', { password: 'officepass2' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await refreshWith(refreshCookie(patched))).statusCode).toBe(200);
    expect((await refreshWith(refreshCookie(changed))).statusCode).toBe(401);
    expect((await signIn(c.email, 'officepass2')).statusCode).toBe(200);
  });

  it('serialises simultaneous password changes: one wins, and every answer tells the truth', async () => {
    const c = await newCustomer();
    const given = ['alpha-pass-1', 'bravo-pass-2'];
    const withCurrent = await Promise.all(
      given.map((password) =>
        call('POST', '/api/v1/reset-password', { previousPassword: c.password, password }, c.auth),
      ),
    );
    expect(withCurrent.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = withCurrent.findIndex((r) => r.statusCode === 200);
    expect(withCurrent[1 - winner]!.json()).toEqual({ error: 'The current password is incorrect' });
    expect((await signIn(c.email, given[winner]!)).statusCode).toBe(200);
    expect((await signIn(c.email, given[1 - winner]!)).statusCode).toBe(401);
    expect((await refreshWith(refreshCookie(withCurrent[winner]!))).statusCode).toBe(200);

    // Without the current password (the profile form), both apply in turn: the last one stands,
    // and only the session of the change that stands still works.
    const d = await newCustomer();
    const patched = await Promise.all(
      given.map((password) => call('PATCH', '/api/v1/me', { password }, d.auth)),
    );
    expect(patched.map((r) => r.statusCode)).toEqual([200, 200]);
    const works = await Promise.all(given.map(async (p) => (await signIn(d.email, p)).statusCode));
    const standing = works.indexOf(200);
    expect(works.filter((s) => s === 200)).toHaveLength(1);
    expect((await refreshWith(refreshCookie(patched[standing]!))).statusCode).toBe(200);
    expect((await refreshWith(refreshCookie(patched[1 - standing]!))).statusCode).toBe(401);
  });

  it('recovers a password with the e-mailed code, once', async () => {
    const c = await newCustomer();
    const forgot = await call('POST', '/api/v1/forgot-password', { email: c.email }, nobody);
    expect(forgot.json()).toEqual({ success: true });
    const unknown = await call(
      'POST',
      '/api/v1/forgot-password',
      { email: 'ghost@example.com.au' },
      nobody,
    );
    expect(unknown.json()).toEqual({ success: true });
    const mail = await callJson(
      apps.identity!,
      'GET',
      `/identity/dev/mailbox/messages?to=${encodeURIComponent(c.email)}`,
      undefined,
      nobody,
    );
    const code = /\b(\d{6})\b/.exec(mail.json()[0].text)?.[1];
    expect(code).toBeDefined();
    const confirm = await call(
      'POST',
      '/api/v1/confirm-forgot-password',
      { email: c.email, password: 'recovered1', confirmationCode: code },
      nobody,
    );
    expect(confirm.json()).toEqual({ success: true });
    expect((await signIn(c.email, 'recovered1')).statusCode).toBe(200);
    const again = await call(
      'POST',
      '/api/v1/confirm-forgot-password',
      { email: c.email, password: 'recovered2', confirmationCode: code },
      nobody,
    );
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
    expect((await call('GET', '/api/v1/addresses/default', undefined, c.auth)).statusCode).toBe(
      404,
    );
    const put = await call('PUT', '/api/v1/addresses/default', address, c.auth);
    expect(put.json()).toEqual({ success: true });
    const got = await call('GET', '/api/v1/addresses/default', undefined, c.auth);
    expect(got.json()).toMatchObject({
      ...address,
      state: 'VIC',
      cognitoUserId: c.id,
      isDefault: true,
      countryCode: 'AU',
    });
  });

  it('refuses a bad address, and a delivery date not in YYYY-MM-DD', async () => {
    const c = await newCustomer();
    const badState = await call(
      'PUT',
      '/api/v1/addresses/default',
      { ...address, state: 'XX' },
      c.auth,
    );
    expect(badState.statusCode).toBe(400);
    expect(messagesOf(badState)).toEqual([
      expect.stringContaining('state must be one of: ACT, NSW, NT, QLD, SA, TAS, VIC, WA'),
    ]);
    const badPostcode = await call(
      'PUT',
      '/api/v1/addresses/default',
      { ...address, postCode: '30' },
      c.auth,
    );
    expect(badPostcode.json()).toEqual({ error: 'Postcode must be 4 digits' });
    const badDate = await call(
      'PUT',
      '/api/v1/addresses/default',
      { ...address, date: { deliveryDate: '10/11/2026', deliverySlotId: 'AM' } },
      c.auth,
    );
    expect(badDate.json()).toEqual({ error: 'deliveryDate must be in YYYY-MM-DD format' });
    // One the courier does not reach (issue 28: it was saved, and every box would have failed).
    const yulara = await call(
      'PUT',
      '/api/v1/addresses/default',
      { ...address, address1: '1 Yulara Drive', suburb: 'Yulara', state: 'NT', postCode: '0872' },
      c.auth,
    );
    expect(yulara.statusCode).toBe(400);
    expect(yulara.json()).toEqual({
      error:
        'We don’t deliver to Yulara NT 0872 yet: check the suburb and postcode, or choose another address',
    });
    expect((await call('GET', '/api/v1/addresses/default', undefined, c.auth)).statusCode).toBe(
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
    const res = await call('GET', '/api/v1/products', undefined, nobody);
    return (res.json().meals as { id: string; name: string }[]).map((m) => m.id);
  }

  it('adds, lists and edits the customer’s own dogs', async () => {
    const c = await newCustomer();
    expect((await call('GET', '/api/v1/dogs', undefined, c.auth)).json()).toEqual([]);
    const meals = await mealIds();
    const added = await call(
      'POST',
      '/api/v1/dogs',
      { dog: biscuit, productIds: meals.slice(0, 2) },
      c.auth,
    );
    expect(added.statusCode).toBe(200);
    const dog = added.json<CustomerDog>();
    expect(dog).toMatchObject({
      name: 'Biscuit',
      weight: '8.5',
      mealProductIds: meals.slice(0, 2),
    });
    expect(dog).not.toHaveProperty('userId');
    expect(dog.dailyEnergyKilocalories).toBeGreaterThan(300);
    const renamed = await call(
      'PATCH',
      `/api/v1/dogs/${dog.identifier}`,
      { dog: { name: 'Biscuit II' } },
      c.auth,
    );
    expect(renamed.json().name).toBe('Biscuit II');
    const heavier = await call(
      'POST',
      '/api/v1/dog/update-profile',
      { dogId: dog.identifier, dogProfileInput: { weight: '10' } },
      c.auth,
    );
    expect(heavier.json().dailyEnergyKilocalories).toBeGreaterThan(dog.dailyEnergyKilocalories!);
    const list = await call('GET', '/api/v1/dogs', undefined, c.auth);
    expect(list.json().map((d: CustomerDog) => d.name)).toEqual(['Biscuit II']);
  });

  it('answers bad dog input with the spec’s messages', async () => {
    const c = await newCustomer();
    const badWeight = await call(
      'POST',
      '/api/v1/dogs',
      { dog: { ...biscuit, weight: 'heavy' } },
      c.auth,
    );
    expect(badWeight.json()).toEqual({ error: 'Weight must be a valid number' });
    const badDate = await call(
      'POST',
      '/api/v1/dogs',
      { dog: { ...biscuit, dateOfBirth: '01/05/2022' } },
      c.auth,
    );
    expect(badDate.json()).toEqual({ error: 'Invalid date format. Expected YYYY-MM-DD.' });
    const notMeals = await call(
      'POST',
      '/api/v1/dogs',
      { dog: biscuit, productIds: ['3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a'] },
      c.auth,
    );
    expect(notMeals.statusCode).toBe(400);
    expect(messagesOf(notMeals)).toEqual([
      expect.stringMatching(/^productIds must be meal product ids/),
    ]);
  });

  it('gives 404 for another customer’s dog on every dog call', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const dog = (
      await call('POST', '/api/v1/dogs', { dog: biscuit }, owner.auth)
    ).json<CustomerDog>();
    const attempts = [
      call('PATCH', `/api/v1/dogs/${dog.identifier}`, { dog: { name: 'Mine now' } }, other.auth),
      call(
        'POST',
        '/api/v1/dog/update-profile',
        { dogId: dog.identifier, dogProfileInput: { weight: '30' } },
        other.auth,
      ),
      call('GET', `/api/v1/meal-recommendations/${dog.identifier}`, undefined, other.auth),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Dog not found' });
    }
    expect((await call('GET', '/api/v1/dogs', undefined, other.auth)).json()).toEqual([]);
    const unchanged = (await call('GET', '/api/v1/dogs', undefined, owner.auth)).json<
      CustomerDog[]
    >()[0];
    expect(unchanged).toMatchObject({ name: 'Biscuit', weight: '8.5' });
  });

  it('recommends meals from the dog’s allergies and health issues', async () => {
    const c = await newCustomer();
    const dog = (
      await call(
        'POST',
        '/api/v1/dogs',
        { dog: { ...biscuit, healthIssues: ['pancreatitis'] } },
        c.auth,
      )
    ).json<CustomerDog>();
    const res = await call(
      'GET',
      `/api/v1/meal-recommendations/${dog.identifier}`,
      undefined,
      c.auth,
    );
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
      (await call('GET', '/api/v1/meal-recommendations/not-a-uuid', undefined, c.auth)).statusCode,
    ).toBe(400);
  });

  it('lists the reference data', async () => {
    const c = await newCustomer();
    const meta = (await call('GET', '/api/v1/dogs/metadata', undefined, c.auth)).json();
    expect(meta.breeds.length).toBeGreaterThan(100);
    expect(meta.breeds.map((b: { slug: string }) => b.slug)).toContain('cavoodle');
    expect(meta.foodAllergens.map((a: { slug: string }) => a.slug)).toEqual(
      expect.arrayContaining(['beef', 'chicken', 'fish']),
    );
  });
});

describe('saved cards', () => {
  async function saveCard(userId: string, number: string) {
    const res = await callJson(apps.payment!, 'POST', '/customers/create-payment-method', {
      userId,
      card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it('lists the customer’s cards and changes the default, never showing provider ids', async () => {
    const c = await newCustomer();
    const visa = await saveCard(c.id, '4242 4242 4242 4242');
    const mastercard = await saveCard(c.id, '5555555555554444');
    const list = await call('GET', '/api/v1/payment-methods', undefined, c.auth);
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
      (await call('GET', '/api/v1/payment-methods/default', undefined, c.auth)).json().id,
    ).toBe(visa);
    const changed = await call(
      'PUT',
      '/api/v1/payment-methods/default',
      { paymentMethodId: mastercard, provider: 'sandbox' },
      c.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: mastercard, default: true });
    expect(
      (await call('GET', '/api/v1/payment-methods/default', undefined, c.auth)).json().id,
    ).toBe(mastercard);
  });

  it('has no cards for a customer who never saved one, and refuses another customer’s card', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const card = await saveCard(owner.id, '4242424242424242');
    expect((await call('GET', '/api/v1/payment-methods', undefined, other.auth)).json()).toEqual(
      [],
    );
    const noDefault = await call('GET', '/api/v1/payment-methods/default', undefined, other.auth);
    expect(noDefault.statusCode).toBe(404);
    expect(noDefault.json()).toEqual({ error: 'No saved card yet' });
    const stolen = await call(
      'PUT',
      '/api/v1/payment-methods/default',
      { paymentMethodId: card },
      other.auth,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Card not found' });
    const bad = await call(
      'PUT',
      '/api/v1/payment-methods/default',
      { paymentMethodId: 'card-1' },
      other.auth,
    );
    expect(bad.json()).toEqual({ error: 'paymentMethodId must be one of your saved cards' });
    expect(
      (await call('GET', '/api/v1/payment-methods/default', undefined, owner.auth)).json().id,
    ).toBe(card);
  });
});

describe('delivery coverage', () => {
  it('checks serviceability by postcode and suburb, case-insensitively', async () => {
    const c = await newCustomer();
    const melbourne = await call(
      'POST',
      '/api/v1/couriers/serviceability-check',
      { postcode: '3000', suburb: 'melbourne' },
      c.auth,
    );
    expect(melbourne.statusCode).toBe(200);
    expect(melbourne.json()).toMatchObject({ serviceable: true, postcode: '3000' });
    const outback = await call(
      'POST',
      '/api/v1/couriers/serviceability-check',
      { postcode: '0872', suburb: 'Alice Springs' },
      c.auth,
    );
    expect(outback.json()).toMatchObject({ serviceable: false });
    const bad = await call(
      'POST',
      '/api/v1/couriers/serviceability-check',
      { postcode: '30', suburb: 'Melbourne' },
      c.auth,
    );
    expect(bad.json()).toEqual({ error: 'Postcode must be 4 digits' });
    expect(
      (
        await call(
          'POST',
          '/api/v1/couriers/serviceability-check',
          { postcode: '3000', suburb: 'Melbourne' },
          nobody,
        )
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
      undefined,
      c.auth,
    );
    expect(res.statusCode).toBe(200);
    const days = res.json<{ deliveryDate: string; slotAvailability: number }[]>();
    expect(days).toHaveLength(14);
    expect(days.some((d) => d.slotAvailability === 3)).toBe(true);
    const badDate = await call(
      'GET',
      `/api/v1/couriers/delivery-schedules?postCode=2000&suburb=Sydney&fromDate=tomorrow&toDate=${to}`,
      undefined,
      c.auth,
    );
    expect(badDate.json()).toEqual({ error: 'Invalid date format. Expected YYYY-MM-DD.' });
  });
});

describe('odd input generated from the contract', () => {
  it('never gets a 500 and always the customer envelope', async () => {
    const c = await newCustomer();
    expect(await fuzzContract(account, accountContract, c.auth, 15)).toEqual([]);
    // Every endpoint, workflows included: more than one call's 20 s on a busy machine.
  }, 180_000);
});
