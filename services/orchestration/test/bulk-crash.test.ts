import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyUserData, LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { CrashServers, stop, waitFor } from './crash-server.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a bulk-migrate, then
 * started again on the same database: the run and its customers' workflows are recovered, and
 * every customer is migrated once (one user, one subscription, each dog once, one payment
 * customer, each past order once), none left queued or migrating. WORKFLOW_STEP_DELAY_MS slows each step so the kill
 * lands mid-batch.
 */
const LIMIT = 12;

let real: CrashServers;
beforeAll(async () => {
  real = await CrashServers.create({ LOG_LEVEL: 'warn', WORKFLOW_STEP_DELAY_MS: '300' });
}, 180_000);
afterAll(() => real?.close());

const json = async <T>(method: string, url: string, body?: unknown) =>
  (await (await real.request(method, url, body)).json()) as T;
const staff = (status: string) =>
  json<LegacyUserPage>(
    'GET',
    `/svc/legacy/legacy-user-emails?cohort=phase1_staff&migrationStatus=${status}`,
  );

describe('bulk-migrate when its process is killed mid-batch', () => {
  it('is recovered after SIGKILL and migrates every customer once', async () => {
    await real.started();
    await waitFor('the legacy service', async () =>
      (await real.request('GET', '/svc/legacy/health')).ok ? true : undefined,
    );
    const workflowId = 'bulk-crash-1';
    real
      .request('POST', '/svc/orchestration/workflows/bulk-migrate', {
        cohort: 'phase1_staff',
        cohortLimit: LIMIT,
        workflowId,
      })
      .catch(() => {});
    await waitFor('a few customers to be migrated', async () => {
      const done = (await staff('migrated')).meta.total + (await staff('error')).meta.total;
      return done >= 2 ? true : undefined;
    });
    await stop(real.current!, 'SIGKILL');
    await real.started();
    const run: WorkflowRun = await real.finished(workflowId);
    expect(run.recoveryAttempts).toBeGreaterThanOrEqual(2);
    expect(run.progress).toMatchObject({ total: LIMIT, done: LIMIT });
    expect(run.progress!.byStatus.migrated + run.progress!.byStatus.error).toBe(LIMIT);

    expect((await staff('queued')).meta.total).toBe(0);
    expect((await staff('migrating')).meta.total).toBe(0);
    const migrated = await staff('migrated');
    expect(migrated.meta.total + (await staff('error')).meta.total).toBe(LIMIT);
    for (const u of migrated.data) {
      const userId = u.migratedUserId!;
      const data = await json<LegacyUserData>('POST', '/svc/legacy/get-legacy-user-data', {
        email: u.email,
      });
      const dogs = await json<unknown[]>('GET', `/svc/dogs/dogs?userId=${userId}`);
      expect(dogs).toHaveLength(data.pets.length);
      const subs = await json<{ data: unknown[] }>(
        'GET',
        `/svc/subscription/subscriptions?userId=${userId}`,
      );
      expect(subs.data).toHaveLength(data.subscription ? 1 : 0);
      const payment = await real.request('GET', `/svc/payment/customers/${userId}`);
      expect(payment.status).toBe(data.user.stripeCustomerId ? 200 : 404);
      const user = await json<{ email: string }>('GET', `/svc/identity/identity/users/${userId}`);
      expect(user.email).toBe(u.email.toLowerCase());
      // Each past order at most once, and only for this user.
      let imported = 0;
      for (const o of data.orders) {
        const res = await real.request(
          'GET',
          `/svc/order/api/v1/orders/lookup/by-legacy-id/${o.id}`,
        );
        if (res.status === 404) continue;
        expect(((await res.json()) as { userId: string }).userId).toBe(userId);
        imported += 1;
      }
      const orders = await json<{ meta: { total: number } }>(
        'GET',
        `/svc/order/api/v1/orders?userId=${userId}`,
      );
      expect(orders.meta.total).toBe(imported);
    }
  }, 600_000);
});
