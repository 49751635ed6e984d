import { describe, expect, it } from 'vitest';
import type { CancelReason } from '@pawfresh/contracts/subscription';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffHomeDashboard } from '@pawfresh/contracts/staff-dashboard';
import { hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { callJson, planBoxBody } from '@pawfresh/testing';
import { dashboardPeriods } from '../src/rules/dashboard-periods.js';
import {
  customer,
  expectOnlyStaff,
  signedIn,
  expectPermissionMatrix,
  useStaffApiAsEveryone,
  type RouteCalls,
} from './harness.js';

const { h, call, ids, as } = useStaffApiAsEveryone();

const dashboard = async () => {
  const res = await call('GET', '/dashboard', undefined, as.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffHomeDashboard>();
};

describe('this week and the last 30 days', () => {
  it('is Monday to Sunday in Sydney, from Monday midnight there', () => {
    // Sunday 29 November 2026, 9 pm in Sydney (AEDT, +11).
    expect(dashboardPeriods(new Date('2026-11-29T10:00:00Z')).week).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      fromInstant: '2026-11-22T13:00:00.000Z',
      toInstant: '2026-11-29T13:00:00.000Z',
    });
    // Three hours later it is Monday 1 am in Sydney (still Sunday in UTC): a new week.
    expect(dashboardPeriods(new Date('2026-11-29T14:00:00Z')).week).toMatchObject({
      from: '2026-11-30',
      to: '2026-12-06',
      fromInstant: '2026-11-29T13:00:00.000Z',
    });
    // A week in winter (AEST, +10).
    expect(dashboardPeriods(new Date('2026-06-17T02:00:00Z')).week).toMatchObject({
      from: '2026-06-15',
      fromInstant: '2026-06-14T14:00:00.000Z',
    });
    const { last30Days } = dashboardPeriods(new Date('2026-11-29T10:00:00Z'));
    expect(last30Days.from).toBe('2026-10-30T10:00:00.000Z');
  });
});

describe('who may read the home dashboard', () => {
  const routes = (): RouteCalls => ({ homeDashboard: ['GET', '/dashboard'] });

  it('lets support and admins read it and names customers:read to the rest', async () => {
    await expectPermissionMatrix(call, as, routes());
    expect(staffRoles.filter((r) => hasPermission(r, 'customers:read'))).toEqual([
      'support',
      'admin',
    ]);
  });

  it('refuses a customer token (403) and no token (401)', async () => {
    await expectOnlyStaff(call, as, routes());
  });
});

describe('the numbers, against what was done', () => {
  it('counts a new customer, their plan, boxes, charge, refund and cancellation', async () => {
    // Monday 9 am in Sydney next week: a box can still be delivered on its Sunday.
    h.clock.set(new Date(Date.parse(dashboardPeriods(new Date()).week.toInstant) + 9 * 3_600_000));
    as.admin = await signedIn(h, 'admin', ids.admin);
    as.support = await signedIn(h, 'support', ids.support);
    const before = await dashboard();
    const { week } = dashboardPeriods(h.clock.now());
    expect(before.week).toEqual({ from: week.from, to: week.to });
    expect(before.timeZone).toBe('Australia/Sydney');

    // A customer with an active plan, a box in a fortnight and $200 charged now.
    const c = await customer(h);
    // And a box delivered this week (Sunday), at the same facility as theirs.
    const thisWeek = await callJson(
      h.apps.order!,
      'POST',
      '/api/v1/orders',
      planBoxBody(c.subscription, c.subscription.feedingPlans[0]!.animalId, 1, week.to),
    );
    expect(thisWeek.statusCode, thisWeek.body).toBe(201);
    const box = thisWeek.json<Order>();
    // $12.50 of the charge refunded.
    const refund = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: 1250, reason: 'A pouch arrived torn' },
      as.support,
    );
    expect(refund.statusCode, refund.body).toBe(201);

    const mid = await dashboard();
    expect(mid.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(mid.newCustomersThisWeek).toBe(before.newCustomersThisWeek + 1);
    expect(mid.revenueThisWeek).toEqual({
      charged: before.revenueThisWeek.charged + 20_000,
      refunded: before.revenueThisWeek.refunded + 1250,
      net: before.revenueThisWeek.net + 20_000 - 1250,
    });
    expect(mid.paymentsThisWeek.attempts).toBe(before.paymentsThisWeek.attempts + 1);
    expect(mid.paymentsThisWeek.failed).toBe(before.paymentsThisWeek.failed);
    expect(mid.paymentsThisWeek.failedRate).toBe(
      mid.paymentsThisWeek.failed / mid.paymentsThisWeek.attempts,
    );
    const boxesAt = (d: StaffHomeDashboard) =>
      d.boxesThisWeek.byFacility.find((f) => f.facilityId === box.facilityId)?.boxes ?? 0;
    // The box in a fortnight is not this week's; the Sunday one is.
    expect(boxesAt(mid)).toBe(boxesAt(before) + 1);
    expect(mid.boxesThisWeek.total).toBe(before.boxesThisWeek.total + 1);

    // Cancelled by support with the customer's reason: one more cancellation for that reason.
    const reasons = (await call('GET', '/cancel-reasons', undefined, as.support)).json<
      CancelReason[]
    >();
    const reason = reasons[0]!;
    const cancelled = await call(
      'POST',
      `/customers/${c.user.id}/subscriptions/${c.subscription.id}/cancel`,
      { primaryCancelReasonId: reason.id, reason: 'Customer rang to cancel' },
      as.support,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await dashboard();
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions);
    expect(after.cancellations.total).toBe(before.cancellations.total + 1);
    const countOf = (d: StaffHomeDashboard) =>
      d.cancellations.byReason.find((r) => r.cancelReasonId === reason.id)?.count ?? 0;
    expect(countOf(after)).toBe(countOf(before) + 1);
    expect(after.cancellations.byReason.find((r) => r.cancelReasonId === reason.id)).toMatchObject({
      description: reason.description,
    });
  }, 120_000);
});
