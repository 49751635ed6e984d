import { expect } from 'vitest';
import type { LegacyUserData, LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { ServerClient } from './crash-server.js';

/**
 * After a bulk-migrate of `limit` customers of a cohort that something interrupted: none left
 * queued or migrating, and each migrated customer there once — one user, one subscription if they
 * had one, each dog once, one payment customer if they had a card, each past order at most once
 * and only theirs.
 */
export async function expectEachMigratedOnce(
  on: Pick<ServerClient, 'request' | 'get' | 'post'>,
  cohort: string,
  limit: number,
): Promise<void> {
  const inStatus = (status: string) =>
    on.get<LegacyUserPage>(
      `/svc/legacy/legacy-user-emails?cohort=${cohort}&migrationStatus=${status}`,
    );
  expect((await inStatus('queued')).meta.total).toBe(0);
  expect((await inStatus('migrating')).meta.total).toBe(0);
  const migrated = await inStatus('migrated');
  expect(migrated.meta.total + (await inStatus('error')).meta.total).toBe(limit);
  for (const u of migrated.data) {
    const userId = u.migratedUserId!;
    const data = await on.post<LegacyUserData>('/svc/legacy/get-legacy-user-data', {
      email: u.email,
    });
    const dogs = await on.get<unknown[]>(`/svc/dogs/dogs?userId=${userId}`);
    expect(dogs).toHaveLength(data.pets.length);
    const subs = await on.get<{ data: unknown[] }>(
      `/svc/subscription/subscriptions?userId=${userId}`,
    );
    expect(subs.data).toHaveLength(data.subscription ? 1 : 0);
    const payment = await on.request('GET', `/svc/payment/customers/${userId}`);
    expect(payment.status).toBe(data.user.stripeCustomerId ? 200 : 404);
    const user = await on.get<{ email: string }>(`/svc/identity/identity/users/${userId}`);
    expect(user.email).toBe(u.email.toLowerCase());
    let imported = 0;
    for (const o of data.orders) {
      const res = await on.request('GET', `/svc/order/api/v1/orders/lookup/by-legacy-id/${o.id}`);
      if (res.status === 404) continue;
      expect(((await res.json()) as { userId: string }).userId).toBe(userId);
      imported += 1;
    }
    const orders = await on.get<{ meta: { total: number } }>(
      `/svc/order/api/v1/orders?userId=${userId}`,
    );
    expect(orders.meta.total).toBe(imported);
  }
}
