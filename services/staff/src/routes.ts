import type { Handlers, SessionCookies } from '@pawfresh/kit';
import type { staffContract } from '@pawfresh/contracts/staff';
import type { StaffContext } from './flows/context.js';
import { actionRoutes } from './routes/actions.js';
import { boxActionRoutes } from './routes/box-actions.js';
import { customerRoutes } from './routes/customers.js';
import { discountRoutes } from './routes/discounts.js';
import { packingRoutes } from './routes/packing.js';
import { forecastRoutes } from './routes/forecast.js';
import { migrationRoutes } from './routes/migration.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { catalogueRoutes } from './routes/catalogue.js';
import { planChangeRoutes } from './routes/plan-changes.js';
import { runRoutes } from './routes/runs.js';
import { sessionRoutes } from './routes/session.js';
import { userRoutes } from './routes/users.js';

export function staffHandlers(
  ctx: StaffContext,
  cookies: SessionCookies,
): Handlers<typeof staffContract> {
  return {
    ...sessionRoutes(ctx, cookies),
    ...customerRoutes(ctx),
    ...actionRoutes(ctx),
    ...runRoutes(ctx),
    ...userRoutes(ctx),
    ...boxActionRoutes(ctx),
    ...discountRoutes(ctx),
    ...planChangeRoutes(ctx),
    ...packingRoutes(ctx),
    ...forecastRoutes(ctx),
    ...migrationRoutes(ctx),
    ...dashboardRoutes(ctx),
    ...catalogueRoutes(ctx),
  };
}
