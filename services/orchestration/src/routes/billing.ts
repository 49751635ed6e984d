import type { Handlers } from '@pawfresh/kit';
import type { Clock } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import { resetSchedules } from '../engine/schedules.js';
import { billingRunId, type BillingWorkflows } from '../flows/billing/index.js';
import { BILLING_RUN_TIME_ZONE, localDate } from '../rules/dunning.js';

export type BillingHandlers = Pick<
  Handlers<typeof orchestrationContract>,
  'chargeDueOrders' | 'manualChargeOrder' | 'resetTemporalSchedules' | 'generateInvoice'
>;

/** Billing and dunning (docs/dunning.md) and the schedules. */
export function billingHandlers(
  engine: Engine,
  billing: BillingWorkflows,
  clock: Clock,
): BillingHandlers {
  return {
    chargeDueOrders: async ({ body }) => {
      const date = body.date ?? localDate(clock.now(), BILLING_RUN_TIME_ZONE);
      const run = await engine.run(
        billing.chargeDueOrders,
        { date },
        body.workflowId ?? billingRunId(date),
      );
      return { workflowId: run.workflowId, ...run.result };
    },

    manualChargeOrder: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(billing.manualChargeOrder, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    generateInvoice: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(billing.generateInvoice, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    resetTemporalSchedules: async () => resetSchedules(billing.schedules),
  };
}
