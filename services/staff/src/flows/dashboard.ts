import { passRefusals } from '@pawfresh/kit';
import type { StaffHomeDashboard } from '@pawfresh/contracts/staff-dashboard';
import { DASHBOARD_TIME_ZONE, dashboardPeriods } from '../rules/dashboard-periods.js';
import type { StaffContext } from './context.js';

/**
 * The home page's numbers (docs/staff.md "Home dashboard"): each asked of the service that owns
 * it, over its own index, all at once.
 */
export async function homeDashboard(ctx: StaffContext): Promise<StaffHomeDashboard> {
  const { week, last30Days } = dashboardPeriods(ctx.clock.now());
  const thisWeek = { from: week.fromInstant, to: week.toInstant };
  const [subscriptions, boxes, payments, users] = await passRefusals(
    'Counting for the dashboard',
    () =>
      Promise.all([
        ctx.subscription.subscriptionStats({ query: last30Days }),
        ctx.order.boxesByFacility({ query: { from: week.from, to: week.to } }),
        ctx.payment.paymentStats({ query: thisWeek }),
        ctx.identity.userStats({ query: thisWeek }),
      ]),
  );
  return {
    timeZone: DASHBOARD_TIME_ZONE,
    week: { from: week.from, to: week.to },
    activeSubscriptions: subscriptions.active,
    boxesThisWeek: {
      total: boxes.items.reduce((sum, f) => sum + f.boxes, 0),
      byFacility: boxes.items,
    },
    revenueThisWeek: {
      charged: payments.charged,
      refunded: payments.refunded,
      net: payments.charged - payments.refunded,
    },
    paymentsThisWeek: {
      attempts: payments.attempts,
      failed: payments.failedAttempts,
      failedRate: payments.attempts ? payments.failedAttempts / payments.attempts : null,
    },
    cancellations: {
      ...last30Days,
      total: subscriptions.cancellationsByReason.reduce((sum, r) => sum + r.count, 0),
      byReason: subscriptions.cancellationsByReason,
    },
    newCustomersThisWeek: users.newCustomers,
  };
}
