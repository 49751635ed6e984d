import type { StaffContext } from '../flows/context.js';
import { boxForecast, rebalance, rebalancePlan, stockMonitor } from '../flows/forecast.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Forecast and stock (docs/staff.md "Forecast and stock"). */
export function forecastRoutes(
  ctx: StaffContext,
): StaffHandlers<'boxForecast' | 'stockMonitor' | 'rebalancePlan' | 'rebalance'> {
  return {
    boxForecast: async ({ query }) => boxForecast(ctx, query),
    stockMonitor: async ({ query }) => stockMonitor(ctx, query),
    rebalancePlan: async ({ body }) => rebalancePlan(ctx, body),
    rebalance: async ({ body, auth }, request) => rebalance(ctx, actingStaff(auth, request), body),
  };
}
