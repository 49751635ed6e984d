import type { InstantPeriod } from '@pawfresh/contracts/stats';
import { paymentStats } from '../db/stats-store.js';
import type { PaymentContext } from './context.js';

/** GET /payments/stats: the staff home dashboard's charges and refunds of a period. */
export const paymentsOfPeriod = (ctx: PaymentContext, period: InstantPeriod) =>
  paymentStats(ctx.db, new Date(period.from), new Date(period.to));
