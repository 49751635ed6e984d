import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestSession } from '@pawfresh/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, signAccessToken } from '@pawfresh/kit';
import { callJson, messagesOf, testDatabase } from '@pawfresh/testing';
import { buildServer, readConfig, DEV_SERVICE_TOKEN } from '../src/index.js';

// Text PostgreSQL cannot store (a NUL character) used to reach the database and answer 500; a lone
// surrogate was silently stored as U+FFFD. The kit refuses both at the edge, on every route.
const SECRET = 'unstorable-text-test-secret-0000000000000';
const staff = { authorization: `Bearer ${DEV_SERVICE_TOKEN}` };
const clock = new TestClock('2026-11-02T09:00:00.000Z');
let database: DatabaseConnection;
let app: FastifyInstance;
let appDir: string;
let customer: Record<string, string>;

beforeAll(async () => {
  database = await testDatabase();
  appDir = await mkdtemp(path.join(tmpdir(), 'customer-app-'));
  await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>My account</title>');
  app = await buildServer({
    config: readConfig({ CUSTOMER_APP_DIR: appDir, ACCESS_TOKEN_SECRET: SECRET }),
    database,
    clock,
  });
  const userId = randomUUID();
  const sessionId = await startTestSession(database, { userId, role: 'customer' }, clock.now());
  const { token } = await signAccessToken({ userId, role: 'customer', sessionId }, SECRET, {
    now: clock.now(),
    ttlSeconds: 900,
  });
  customer = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(appDir, { recursive: true, force: true });
});

const cases = (text: string) => [
  {
    where: 'a body field of a service',
    field: 'firstName',
    send: () =>
      callJson(
        app,
        'POST',
        '/svc/identity/identity/users',
        {
          email: `${randomUUID()}@example.com`,
          password: 'woofwoof1',
          firstName: text,
          lastName: 'Citizen',
        },
        staff,
      ),
  },
  {
    where: 'a nested body field',
    field: 'dog.name',
    send: () =>
      callJson(
        app,
        'POST',
        '/svc/dogs/dogs',
        { userId: randomUUID(), dog: { name: text, weight: '12', isNeutered: true } },
        staff,
      ),
  },
  {
    where: 'a path parameter',
    field: 'suburb',
    send: () =>
      callJson(
        app,
        'PATCH',
        `/svc/courier/api/v1/couriers/becool/postcodes/3121/suburbs/${encodeURIComponent(text)}`,
        { serviceable: false },
        staff,
      ),
  },
  {
    where: 'a customer API body field',
    field: 'suburb',
    send: () =>
      callJson(
        app,
        'POST',
        '/api/v1/couriers/serviceability-check',
        { postcode: '3121', suburb: text },
        customer,
      ),
  },
];

describe('text that cannot be stored', () => {
  for (const [label, text] of [
    ['a NUL character', 'Rich\u0000mond'],
    ['a lone surrogate', 'Rich\ud83dmond'],
  ] as const) {
    // A URL cannot carry a lone surrogate as UTF-8: that case is the invalid-encoding test below.
    for (const c of cases(text).filter(
      (c) => label === 'a NUL character' || c.where !== 'a path parameter',
    )) {
      it(`${label} in ${c.where} is a 400 naming the field`, async () => {
        const res = await c.send();
        expect(res.statusCode, res.body).toBe(400);
        expect(messagesOf(res).join(' ')).toContain(`${c.field} contains a character`);
      });
    }
  }

  it('a NUL character in a customer API query parameter is a 400 naming it', async () => {
    const res = await callJson(
      app,
      'GET',
      '/api/v1/couriers/delivery-schedules?postCode=3121&suburb=Rich%00mond&fromDate=2026-11-10&toDate=2026-11-20',
      undefined,
      customer,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain('suburb contains a character that cannot be saved');
  });

  it('a path that is not valid UTF-8 is a 400 in the service envelope', async () => {
    const res = await callJson(
      app,
      'PATCH',
      '/svc/courier/api/v1/couriers/becool/postcodes/3121/suburbs/Rich%ED%A0%BDmond',
      { serviceable: false },
      staff,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('ordinary text with emoji and accents still passes', async () => {
    const res = await callJson(
      app,
      'POST',
      '/svc/dogs/dogs',
      { userId: randomUUID(), dog: { name: 'Zoë 🐶', weight: '12', isNeutered: true } },
      staff,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Zoë 🐶');
  });
});
