import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import { type Address, createUser, MINUTE, useIdentity } from './harness.js';

const h = useIdentity();

const UNKNOWN_USER = '0d6f2f4e-8a3b-4c1d-9e7f-1a2b3c4d5e6f';
const url = (userId: string) => `/identity/users/${userId}/addresses/default`;
const home = {
  address1: '1 Collins Street',
  suburb: 'Melbourne',
  city: 'Melbourne',
  state: 'vic',
  postCode: '3000',
};

describe('GET and PUT /identity/users/{userId}/addresses/default', () => {
  it('answers 404 "No default address yet" until one is set, then returns it', async () => {
    const user = await createUser(h.app);
    const none = await h.call('GET', url(user.id));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'No default address yet', statusCode: 404 });

    const put = await h.call('PUT', url(user.id), home);
    expect(put.statusCode).toBe(200);
    expect(put.json<Address>()).toEqual({
      addressId: expect.any(String),
      cognitoUserId: user.id,
      isDefault: true,
      address1: '1 Collins Street',
      address2: null,
      suburb: 'Melbourne',
      city: 'Melbourne',
      state: 'VIC',
      postCode: '3000',
      countryCode: 'AU',
      deliveryInstructions: null,
      companyName: null,
    });
    const got = await h.call('GET', url(user.id));
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(put.json());
  });

  it('changes the default in place: one default, the same id, new fields', async () => {
    const user = await createUser(h.app);
    const first = (await h.call('PUT', url(user.id), home)).json<Address>();
    h.clock.advance(MINUTE);
    const second = await h.call('PUT', url(user.id), {
      address1: 'Unit 4',
      address2: '20 Beach Road',
      suburb: 'Bondi',
      state: 'NSW',
      postCode: '2026',
      countryCode: 'AU',
      deliveryInstructions: 'Side gate',
      companyName: 'Bondi Dogs Pty Ltd',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<Address>()).toMatchObject({
      addressId: first.addressId,
      address2: '20 Beach Road',
      suburb: 'Bondi',
      city: null,
      state: 'NSW',
      deliveryInstructions: 'Side gate',
      companyName: 'Bondi Dogs Pty Ltd',
    });
  });

  it('keeps one default when two changes arrive at once', async () => {
    const user = await createUser(h.app);
    const answers = await Promise.all([
      h.call('PUT', url(user.id), home),
      h.call('PUT', url(user.id), { ...home, address1: '2 Collins Street' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = answers.map((r) => r.json<Address>().addressId);
    expect(ids[0]).toBe(ids[1]);
  });

  it('keeps users’ addresses apart', async () => {
    const a = await createUser(h.app);
    const b = await createUser(h.app);
    await h.call('PUT', url(a.id), home);
    expect((await h.call('GET', url(b.id))).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user', async () => {
    const put = await h.call('PUT', url(UNKNOWN_USER), home);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ message: `User ${UNKNOWN_USER} not found` });
    const get = await h.call('GET', url(UNKNOWN_USER));
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ message: `User ${UNKNOWN_USER} not found` });
  });

  it('answers bad input with a 400 and keeps the address', async () => {
    const user = await createUser(h.app);
    await h.call('PUT', url(user.id), home);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...home, state: 'XX' }, ['state must be one of: ACT, NSW, NT, QLD, SA, TAS, VIC, WA']],
      [{ ...home, postCode: '30000' }, ['Postcode must be 4 digits']],
      [{ ...home, address1: ' ' }, ['Enter the street address']],
      [{ ...home, countryCode: 'NZ' }, ['countryCode must be "AU"']],
      [{ ...home, cognitoUserId: user.id }, ['Unknown field: cognitoUserId']],
      [{ address1: 'x', state: 'VIC', postCode: '3000' }, ['Enter the suburb']],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('PUT', url(user.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(res)).toEqual(message);
    }
    expect((await h.call('GET', url(user.id))).json<Address>().address1).toBe('1 Collins Street');
    const badId = await h.call('GET', url('nope'));
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual(['userId must be a valid UUID']);
  });
});
