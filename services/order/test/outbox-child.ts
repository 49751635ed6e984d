/**
 * The order service alone in a child process, for the crash test (outbox-crash.test.ts): it
 * migrates its database, optionally creates one order, relays topics to SUBSCRIBER_URL, and
 * prints what happens on stdout, so the test can kill it at the worst moment.
 */
import Fastify from 'fastify';
import pino from 'pino';
import { connect } from '@pawfresh/db';
import { systemClock } from '@pawfresh/kit';
import { orderServiceWith } from '../src/index.js';

const env = process.env;
const TOKEN = 'crash-test-service-token-000000000000000';
const database = await connect({
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, maxConnections: 2 } : {}),
  ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
});
const module = orderServiceWith({
  subscribers: [{ name: 'test', url: env.SUBSCRIBER_URL! }],
  relayEveryMs: Number(env.RELAY_EVERY_MS ?? 100),
  relay: { leaseMs: Number(env.LEASE_MS ?? 1_000), timeoutMs: 30_000 },
});
await database.migrate({ service: 'order', migrationsFolder: module.migrationsFolder! });
const app = Fastify();
await app.register(
  module.plugin({
    database,
    clock: systemClock,
    serviceToken: TOKEN,
    accessTokenSecret: 'crash-test-access-token-secret-000000000',
    settings: {
      environment: 'test',
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Pawfresh <hello@pawfresh.localhost>',
    },
    mountPath: '',
    log: pino({ level: 'silent' }),
    serviceUrl: () => 'http://courier.invalid',
  }),
);
await app.ready();
/** What the test reads: one line per happening. */
const say = (line: string) => process.stdout.write(`${line}\n`);
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

if (env.CREATE) {
  const deliveryDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers,
    payload: JSON.stringify({
      userId: '11111111-1111-4111-8111-111111111111',
      deliveryDate,
      expectedDeliverySlotId: 'PM',
      depotCode: 'MEL',
      facilityId: 1,
      address: {
        firstName: 'Crash',
        lastName: 'Test',
        address1: '1 Test Street',
        suburb: 'Richmond',
        state: 'VIC',
        postcode: '3121',
      },
      orderLineItems: [
        { productId: '22222222-2222-4222-8222-222222222222', price: 875, quantity: 14 },
      ],
    }),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  say(`COMMITTED ${(res.json() as { id: string }).id}`);
}

const seen = new Set<string>();
setInterval(async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/outbox?status=delivered',
    headers,
  });
  for (const m of (res.json() as { data: { id: string }[] }).data) {
    if (!seen.has(m.id)) say(`DELIVERED ${m.id}`);
    seen.add(m.id);
  }
}, 100);
say('READY');
