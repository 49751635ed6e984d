import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import { client, CrashServers, freePort, stop, waitFor } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { readyCart } from './server-cart.js';

/**
 * Three processes on one PostgreSQL database, each with its own executor id (as replicas with
 * names of their own). One is killed (SIGKILL) in the middle of a checkout and never comes back:
 * the two survivors both look for its runs at the same moment, and the checkout is finished by
 * one of them, once — every step once, the card captured once — within a minute; asking a
 * survivor for the run by its id answers its result. (PGlite is one process's database.)
 */
const postgres = inject('testDatabase').kind === 'postgres';

let api: CrashServers;
beforeAll(async () => {
  if (!postgres) return;
  // Each step waits (crash-server's step delay), so the kill lands with the run in flight.
  api = await CrashServers.create({ WORKFLOW_RECOVERY_INTERVAL_MS: '500' });
}, 180_000);
afterAll(() => api?.close());

describe.skipIf(!postgres)('a process that dies mid-run and never comes back', () => {
  it('has its runs finished by a survivor, once, within a minute', async () => {
    const sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
    await sql.connect();
    try {
      const a = await api.started({ WORKFLOW_EXECUTOR_ID: 'replica-a' }, await freePort());
      const b = await api.started({ WORKFLOW_EXECUTOR_ID: 'replica-b' }, await freePort());
      const c = await api.started({ WORKFLOW_EXECUTOR_ID: 'replica-c' }, await freePort());
      const onB = client(() => b.base);
      const ready = await readyCart(onB);
      const id = ready.body.workflowId;

      void client(() => a.base)
        .request('POST', '/svc/orchestration/workflows/checkout', ready.body)
        .catch(() => undefined);
      await waitFor('the checkout to be past its confirm on replica-a', async () => {
        const run = await onB.run(id);
        return run && run.steps.some((s) => s.name === 'create-customer') ? true : undefined;
      });
      await stop(a, 'SIGKILL');
      const killed = Date.now();

      const run = await waitFor(
        'a survivor to finish the run',
        async () => {
          const now = await onB.run(id);
          return now && (now.status === 'SUCCESS' || now.status === 'ERROR') ? now : undefined;
        },
        60_000,
      );
      const recoveredIn = Date.now() - killed;
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      expect(recoveredIn).toBeLessThan(60_000);
      // Every step once: no survivor ran the run a second time.
      const names = run.steps.map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.at(-1)).toBe('empty-cart');

      // Finished by a survivor, and asking either survivor answers the result.
      const { rows } = await sql.query<{ executor_id: string }>(
        'select executor_id from orchestration.workflow_status where workflow_uuid = $1',
        [id],
      );
      expect(['replica-b', 'replica-c']).toContain(rows[0]!.executor_id);
      for (const server of [b, c]) {
        const res = await client(() => server.base).request(
          'POST',
          '/svc/orchestration/workflows/checkout',
          ready.body,
        );
        expect(res.status).toBe(200);
        expect(((await res.json()) as CheckoutResult).paymentId).toBe(ready.intent.paymentId);
      }
      // The card captured once, and the provider's books and ours agree.
      expect(
        api.requests(
          `/svc/payment/providers/stripe/payment-intents/${ready.intent.id}/capture`,
          'POST',
        ),
      ).toBe(1);
      const books = await readBooks(api.database!, [ready.userId]);
      expect(differences(books)).toEqual([]);
      process.stdout.write(
        `survivors: the dead process's checkout finished ${recoveredIn} ms after the kill\n`,
      );
    } finally {
      await sql.end();
      await api.stopAll();
    }
  }, 300_000);
});
