import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TestClock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import {
  caller,
  fuzzContract,
  messagesOf,
  serviceApp,
  serviceAuth,
  testDatabase,
} from '@pawfresh/testing';
import {
  legacyContract,
  type LegacyUser,
  type LegacyUserData,
  type LegacyUserPage,
} from '@pawfresh/contracts/legacy';
import { createLegacyService } from '../src/index.js';
import { generateLegacyDataSet, type LegacyDataSet } from '../src/seed/legacy-data-set.js';

/** A small generated legacy system for the tests: 600 customers, seed 7. */
export const TEST_DATA = { customers: 600, seed: 7 };

export interface ExporterSetup {
  /** Puts the data set where the service will read it; answers the service's options. */
  load(data: LegacyDataSet, database: DatabaseConnection): Promise<{ legacyDatabaseUrl?: string }>;
  cleanUp?(): Promise<void>;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The exporter's HTTP tests, the same on every legacy source (the embedded `legacy` schema, and
 * MySQL/MariaDB): services.md §7 "Legacy exporter" with the §5 limits.
 */
export function exporterSuite(source: string, setup: () => ExporterSetup | undefined) {
  const data = generateLegacyDataSet(TEST_DATA);
  let database: DatabaseConnection;
  let app: FastifyInstance;
  let active: ExporterSetup | undefined;
  const call = caller(() => app);
  const page = async (query: string) => {
    const res = await call('GET', `/legacy-user-emails${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LegacyUserPage>();
  };

  beforeAll(async () => {
    active = setup();
    if (!active) return;
    database = await testDatabase();
    const options = await active.load(data, database);
    app = await serviceApp(createLegacyService(options), {
      database,
      clock: new TestClock('2026-11-25T01:00:00.000Z'),
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await active?.cleanUp?.();
  });

  describe(`the legacy exporter on ${source}`, () => {
    it('answers its health publicly, and its routes only with credentials', async () => {
      expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
        status: 'ok',
      });
      expect((await app.inject({ method: 'GET', url: '/legacy-user-emails' })).statusCode).toBe(
        401,
      );
    });

    it('lists legacy users by id, 1000 at most per page, with their migration status', async () => {
      const first = await page('');
      expect(first.meta.total).toBe(data.users.length);
      expect(first.meta.limit).toBe(1000);
      expect(first.data.map((u) => u.legacyId)).toEqual(data.users.slice(0, 1000).map((u) => u.id));
      const u = data.users[0]!;
      expect(first.data[0]).toEqual({
        id: u.uuid,
        legacyId: u.id,
        email: u.email,
        cohort: u.cohort,
        migrationStatus: 'unmigrated',
        migrationError: null,
        migratedUserId: null,
        stripeCustomerId: u.stripeCustomerId,
        isCustomerOnChargeApi: u.isCustomerOnChargeApi,
      });
      const last = await page('?direction=desc&limit=3&offset=2');
      expect(last.data.map((x) => x.legacyId)).toEqual(
        data.users
          .map((x) => x.id)
          .reverse()
          .slice(2, 5),
      );
    });

    it('filters by cohort and orders by e-mail ignoring case, ties by id', async () => {
      const staff = data.users.filter((x) => x.cohort === 'phase1_staff');
      const res = await page('?cohort=phase1_staff&orderBy=email&limit=1000');
      expect(res.meta.total).toBe(staff.length);
      const expected = [...staff]
        .sort((a, b) => byteOrder(a.email.toLowerCase(), b.email.toLowerCase()) || a.id - b.id)
        .map((x) => x.email);
      expect(res.data.map((x) => x.email)).toEqual(expected);

      const customers = data.users.filter((x) => x.cohort === 'phase2_low_engagement_customers');
      const desc = [...customers]
        .sort((a, b) => byteOrder(b.email.toLowerCase(), a.email.toLowerCase()) || b.id - a.id)
        .map((x) => x.id);
      const slice = await page(
        '?cohort=phase2_low_engagement_customers&orderBy=email&direction=desc&offset=20&limit=25',
      );
      expect(slice.meta.total).toBe(customers.length);
      expect(slice.data.map((x) => x.legacyId)).toEqual(desc.slice(20, 45));
    });

    it('refuses bad paging, sorting and filters with a 400 that says what to send', async () => {
      const cases: [string, string][] = [
        ['?limit=1001', 'limit must be a whole number from 1 to 1000'],
        ['?limit=0', 'limit must be a whole number from 1 to 1000'],
        ['?offset=-1', 'offset must be a whole number from 0 to 2147483647'],
        ['?cohort=vip', 'cohort must be one of phase1_staff, phase2_low_engagement_customers'],
        [
          '?migrationStatus=done',
          'migrationStatus must be one of unmigrated, queued, migrating, migrated, error',
        ],
        ['?orderBy=name', 'orderBy must be id or email'],
        ['?direction=up', 'direction must be asc or desc'],
      ];
      for (const [query, message] of cases) {
        const res = await call('GET', `/legacy-user-emails${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(messagesOf(res).join(' '), query).toContain(message);
      }
      expect((await call('GET', '/legacy-user-emails?colour=red')).statusCode).toBe(400);
    });

    it("answers a legacy user's data: address, pets, subscription and order history", async () => {
      const user = data.users.find((x) => {
        const orders = data.orders.filter((o) => o.userId === x.id);
        return orders.length >= 2 && data.addresses.some((a) => a.userId === x.id);
      })!;
      const res = await call('POST', '/get-legacy-user-data', { email: user.email });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<LegacyUserData>();
      expect(body.user).toMatchObject({
        legacyId: user.id,
        email: user.email,
        firstName: user.firstName,
        phone: user.phone,
        createdAt: user.createdAt,
        migrationStatus: 'unmigrated',
      });
      const address = data.addresses.find((a) => a.userId === user.id)!;
      expect(body.address).toEqual({
        line1: address.line1,
        line2: address.line2,
        suburb: address.suburb,
        state: address.state,
        postcode: address.postcode,
        deliveryInstructions: address.deliveryInstructions,
      });
      const pets = data.pets.filter((p) => p.userId === user.id);
      expect(body.pets.map((p) => [p.id, p.name, p.breed, p.weightKg, p.dateOfBirth])).toEqual(
        pets.map((p) => [p.id, p.name, p.breed, p.weightKg, p.dateOfBirth]),
      );
      const sub = data.subscriptions.find((s) => s.userId === user.id)!;
      expect(body.subscription).toEqual({
        id: sub.id,
        status: sub.status,
        plan: sub.plan,
        cadence: sub.cadence,
        deliverySlot: sub.deliverySlot,
        pausedUntil: sub.pausedUntil,
        cancelledAt: sub.cancelledAt,
        createdAt: sub.createdAt,
      });
      const orders = data.orders.filter((o) => o.userId === user.id);
      expect(body.orders.map((o) => [o.id, o.orderNumber, o.totalCents, o.deliveredOn])).toEqual(
        orders.map((o) => [o.id, o.orderNumber, o.totalCents, o.deliveredOn]),
      );
      for (const order of body.orders) {
        expect(order.items.reduce((s, i) => s + i.pouches * i.priceCents, 0)).toBe(
          order.totalCents,
        );
      }
    });

    it('tells apart e-mails that differ only in case', async () => {
      const twins = data.users.filter((a) =>
        data.users.some((b) => b.id !== a.id && b.email.toLowerCase() === a.email.toLowerCase()),
      );
      expect(twins.length).toBeGreaterThanOrEqual(2);
      const [a, b] = twins as [(typeof twins)[0], (typeof twins)[0]];
      for (const twin of [a, b]) {
        const res = await call('POST', '/get-legacy-user-data', { email: twin.email });
        expect(res.json<LegacyUserData>().user.legacyId).toBe(twin.id);
      }
      const shouted = a.email.toUpperCase();
      const ambiguous = await call('POST', '/get-legacy-user-data', { email: shouted });
      if (shouted !== a.email && shouted !== b.email) {
        expect(ambiguous.statusCode).toBe(409);
        expect(messagesOf(ambiguous)[0]).toContain('differ only in case');
      }
      const single = data.users.find(
        (x) =>
          x.email === x.email.toLowerCase() &&
          !twins.includes(x) &&
          x.email.toUpperCase() !== x.email,
      )!;
      const loose = await call('POST', '/get-legacy-user-data', {
        email: single.email.toUpperCase(),
      });
      expect(loose.json<LegacyUserData>().user.legacyId).toBe(single.id);

      const missing = await call('POST', '/get-legacy-user-data', { email: 'nobody@example.com' });
      expect(missing.statusCode).toBe(404);
      expect(messagesOf(missing)).toEqual(['Legacy user with e-mail nobody@example.com not found']);
      const bad = await call('POST', '/get-legacy-user-data', { email: 'not an e-mail' });
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Enter a valid email address']);
    });

    it("keeps each legacy user's migration status and filters by it", async () => {
      const [u1, u2, u3] = data.users.slice(5, 8) as [
        LegacyDataSet['users'][0],
        LegacyDataSet['users'][0],
        LegacyDataSet['users'][0],
      ];
      const set = (id: number, body: unknown) =>
        call('PUT', `/legacy-users/${id}/migration-status`, body);
      expect(
        (
          await set(u1.id, { status: 'queued', expectedStatus: ['unmigrated', 'error'] })
        ).json<LegacyUser>().migrationStatus,
      ).toBe('queued');
      const again = await set(u1.id, { status: 'queued', expectedStatus: ['unmigrated', 'error'] });
      expect(again.statusCode).toBe(409);
      expect(messagesOf(again)).toEqual([
        `Legacy user ${u1.id} is queued, not unmigrated or error`,
      ]);
      const reason =
        'Postcode 0870 is outside delivery coverage: ask the customer for another address';
      const failed = await set(u2.id, { status: 'error', error: reason });
      expect(failed.json<LegacyUser>()).toMatchObject({
        migrationStatus: 'error',
        migrationError: reason,
      });
      const userId = '6a1f1f3e-5c4b-4b8e-9a52-0f4b1c2d3e4f';
      await set(u3.id, { status: 'migrated', migratedUserId: userId });

      const queued = await page('?migrationStatus=queued');
      expect(queued.data.map((x) => x.legacyId)).toEqual([u1.id]);
      const errors = await page('?migrationStatus=error');
      expect(errors.data).toEqual([
        expect.objectContaining({ legacyId: u2.id, migrationError: reason }),
      ]);
      const migrated = await page('?migrationStatus=migrated');
      expect(migrated.data).toEqual([
        expect.objectContaining({ legacyId: u3.id, migratedUserId: userId }),
      ]);
      const unmigrated = await page('?migrationStatus=unmigrated&limit=10&offset=4');
      expect(unmigrated.meta.total).toBe(data.users.length - 3);
      expect(unmigrated.data.map((x) => x.legacyId)).toEqual(
        data.users
          .filter((x) => ![u1.id, u2.id, u3.id].includes(x.id))
          .slice(4, 14)
          .map((x) => x.id),
      );
      // Back to unmigrated: the user made is forgotten.
      const back = await set(u3.id, { status: 'unmigrated' });
      expect(back.json<LegacyUser>()).toMatchObject({
        migrationStatus: 'unmigrated',
        migratedUserId: null,
      });
      expect((await set(99, { status: 'queued' })).statusCode).toBe(404);
      expect((await set(u1.id, { status: 'done' })).statusCode).toBe(400);
    });

    it('gives back the customers a cancelled bulk run holds as queued, and no others', async () => {
      const [a, b, c, d] = data.users.slice(10, 14) as LegacyDataSet['users'];
      const set = (id: number, body: unknown) =>
        call('PUT', `/legacy-users/${id}/migration-status`, body);
      await set(a!.id, { status: 'queued', workflowId: 'bulk-x' });
      await set(b!.id, { status: 'queued', workflowId: 'bulk-x' });
      await set(c!.id, { status: 'migrating', workflowId: 'bulk-x:13' });
      await set(d!.id, { status: 'queued', workflowId: 'bulk-y' });
      const release = (body: unknown) => call('POST', '/legacy-users/release-queued', body);
      const res = await release({ workflowId: 'bulk-x' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ released: 2 });
      const status = async (id: number) =>
        (await page('?limit=1000')).data.find((x) => x.legacyId === id)!.migrationStatus;
      expect([
        await status(a!.id),
        await status(b!.id),
        await status(c!.id),
        await status(d!.id),
      ]).toEqual(['unmigrated', 'unmigrated', 'migrating', 'queued']);
      // Again: none left to give back.
      expect((await release({ workflowId: 'bulk-x' })).json()).toEqual({ released: 0 });
      const bad = await release({ workflowId: '', extra: 1 });
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toContain('workflowId must be the id of the bulk run');
    });

    it('answers odd input to every route with a 4xx in the service envelope', async () => {
      expect(await fuzzContract(app, legacyContract, serviceAuth, 20)).toEqual([]);
    });
  });
}
