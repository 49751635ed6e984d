import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from '@pawfresh/db/orm';
import { TestClock } from '@pawfresh/kit';
import { callJson, serviceUnderTest } from '@pawfresh/testing';
import { courierService } from '../src/index.js';

// docs/delivery.md "Coverage kept in memory" and ADR 008: suburbs are kept per coverage revision;
// a change written behind the service's back (another process, raw SQL) must show on the next
// answers. Switching off the revision bump (migration 0002's triggers) makes this file fail.

// Monday 2 November 2026, 15:00 in Melbourne (AEDT): before the 5pm cut-off.
const clock = new TestClock('2026-11-02T04:00:00.000Z');
const BASE = '/api/v1/couriers/becool';

const service = serviceUnderTest(courierService, { clock });

/** Runs SQL as another process would: its own connection on PostgreSQL, raw SQL on PGlite. */
async function elsewhere(query: string) {
  if (service.database().kind === 'pglite') {
    await service.database().forSchema({}).execute(sql.raw(query));
    return;
  }
  const client = new pg.Client({ connectionString: await service.database().wireUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Within 2 s on PostgreSQL (the notification travels); at once on PGlite. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 2_000;
  let value = await read();
  while (!ok(value) && service.database().kind === 'postgres' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

const serviceable = async () =>
  (
    await callJson(service.app(), 'POST', `${BASE}/serviceability-check`, {
      postcode: '3121',
      suburb: 'Richmond',
    })
  ).json<{ serviceable: boolean }>().serviceable;
const tuesday = async () =>
  (
    await callJson(
      service.app(),
      'GET',
      `${BASE}/delivery-schedules?postcode=3121&suburb=Richmond&fromDate=2026-11-03&toDate=2026-11-03`,
    )
  ).json<{ slotAvailability: number }[]>()[0]!.slotAvailability;

describe('coverage kept in memory', () => {
  it('shows a suburb changed behind its back in the check and the schedule', async () => {
    expect(await serviceable()).toBe(true);
    expect(await tuesday()).toBe(3);
    await elsewhere(
      `update courier.suburbs set is_serviceable_override = false where postcode = '3121' and suburb = 'RICHMOND'`,
    );
    expect(await eventually(serviceable, (s) => !s)).toBe(false);
    expect(await tuesday()).toBe(0);
  });

  it("shows a zone's new delivery days", async () => {
    await elsewhere(
      `update courier.suburbs set is_serviceable_override = null where postcode = '3121' and suburb = 'RICHMOND'`,
    );
    expect(await eventually(tuesday, (slots) => slots === 3)).toBe(3);
    await elsewhere(
      `update courier.shipping_zones set delivery_days = '{3,5}' where id = (select shipping_zone_id from courier.suburbs where postcode = '3121' and suburb = 'RICHMOND')`,
    );
    expect(await eventually(tuesday, (slots) => slots === 0)).toBe(0);
  });

  it('shows a staff override made through the service at once', async () => {
    const res = await callJson(service.app(), 'PATCH', `${BASE}/postcodes/3121/suburbs/Richmond`, {
      isServiceable: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await serviceable()).toBe(false);
  });
});
