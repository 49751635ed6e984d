import type { StaffContext } from '../flows/context.js';
import { homeDashboard } from '../flows/dashboard.js';
import type { StaffHandlers } from './signed-in.js';

/** The home page's numbers (docs/staff.md "Home dashboard"). */
export function dashboardRoutes(ctx: StaffContext): StaffHandlers<'homeDashboard'> {
  return { homeDashboard: async () => homeDashboard(ctx) };
}
