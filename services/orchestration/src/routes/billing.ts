import { HttpError, type Handlers } from '@pawfresh/kit';
import type { CreateAccountInput } from '../flows/accounts/create-account.js';
import type { Clock } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import { resetSchedules } from '../engine/schedules.js';
import { billingRunId, type BillingWorkflows } from '../flows/billing/index.js';
import { BILLING_RUN_TIME_ZONE, localDate } from '../rules/dunning.js';
import { runView } from './run-view.js';
import { waitingCharges } from '../rules/bulk-charge-progress.js';

export type BillingHandlers = Pick<
  Handlers<typeof orchestrationContract>,
  | 'chargeDueOrders'
  | 'manualChargeOrder'
  | 'bulkManualCharge'
  | 'reconcilePayments'
  | 'resetTemporalSchedules'
  | 'generateInvoice'
  | 'createTestAccount'
  | 'createAccountScenario'
>;

/** Billing and dunning (docs/dunning.md) and the schedules. */
export function billingHandlers(
  engine: Engine,
  billing: BillingWorkflows,
  clock: Clock,
  environment: 'development' | 'test' | 'production',
): BillingHandlers {
  const testAccounts = async (
    input: { scenario: CreateAccountInput['scenario']; email?: string; password?: string },
    workflowId: string | undefined,
  ) => {
    if (environment === 'production') {
      throw new HttpError(403, 'Test accounts are not made in production (NODE_ENV=production)', {
        type: 'forbidden',
      });
    }
    const workflow = input.scenario ? billing.createAccount : billing.createTestAccount;
    const run = await engine.run(workflow, input, workflowId);
    return { workflowId: run.workflowId, ...run.result };
  };
  return {
    createTestAccount: async ({ body: { workflowId, ...input } }) =>
      testAccounts({ ...input, scenario: null }, workflowId),

    createAccountScenario: async ({ body: { workflowId, ...input } }) =>
      testAccounts(input, workflowId),

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

    // Many boxes take a while (the provider's rate limit): answered at once, followed as a run.
    // The run's first progress may not be published yet: every box is then still waiting.
    bulkManualCharge: async ({ body: { workflowId, ...input } }) => {
      const run = await runView(
        engine,
        await engine.start(billing.bulkManualCharge, input, workflowId),
      );
      return { ...run, chargeProgress: run.chargeProgress ?? waitingCharges(input.orderIds) };
    },

    reconcilePayments: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(billing.reconcilePayments, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    generateInvoice: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(billing.generateInvoice, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    resetTemporalSchedules: async () => resetSchedules(billing.schedules),
  };
}
