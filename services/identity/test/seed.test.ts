import { describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@pawfresh/db';
import type { ServiceRuntime } from '@pawfresh/kit';
import {
  DEMO_CUSTOMER_ID,
  DEMO_STAFF_ID,
  SECOND_CUSTOMER_ID,
  identityService,
} from '../src/index.js';
import { type Address, session, useIdentity } from './harness.js';

const h = useIdentity();

/** Seeding reads only the database and the clock. */
const seed = () =>
  identityService.seedDemoData!({
    database: h.database,
    clock: h.clock,
  } as unknown as ServiceRuntime<DatabaseConnection>);

describe('demo data', () => {
  it('loads the demo people once, with fixed ids, and they can sign in', async () => {
    expect(await seed()).toEqual({
      seeded: true,
      summary:
        '2 customers and 4 staff users, one per role (demo@pawfresh.com.au / woofwoof1; staff: <role>@pawfresh.com.au / staffpass1)',
    });
    expect(await seed()).toEqual({ seeded: false, summary: 'users already exist' });

    const sam = await session(h.app, 'demo@pawfresh.com.au', 'woofwoof1');
    expect(sam.user).toMatchObject({
      id: DEMO_CUSTOMER_ID,
      firstName: 'Sam',
      lastName: 'Citizen',
      phoneNumber: '0412345678',
      role: 'customer',
    });
    const alex = await session(h.app, 'alex@pawfresh.com.au', 'woofwoof2');
    expect(alex.user).toMatchObject({
      id: SECOND_CUSTOMER_ID,
      firstName: 'Alex',
      role: 'customer',
    });
    const casey = await session(h.app, 'staff@pawfresh.com.au', 'staffpass1');
    expect(casey.user).toMatchObject({ id: DEMO_STAFF_ID, firstName: 'Casey', role: 'support' });
    for (const role of ['operations', 'marketing', 'admin'] as const) {
      const member = await session(h.app, `${role}@pawfresh.com.au`, 'staffpass1');
      expect(member.user.role).toBe(role);
    }

    const address = await h.call('GET', `/identity/users/${DEMO_CUSTOMER_ID}/addresses/default`);
    expect(address.json<Address>()).toMatchObject({
      cognitoUserId: DEMO_CUSTOMER_ID,
      isDefault: true,
      address1: '12 Example Street',
      suburb: 'Richmond',
      city: 'Melbourne',
      state: 'VIC',
      postCode: '3121',
      countryCode: 'AU',
      deliveryInstructions: 'Leave at the front door',
    });
    const none = await h.call('GET', `/identity/users/${SECOND_CUSTOMER_ID}/addresses/default`);
    expect(none.statusCode).toBe(404);
  });
});
