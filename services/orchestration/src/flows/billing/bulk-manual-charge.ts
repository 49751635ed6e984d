import type {
  BulkChargeProgress,
  BulkManualChargeInput,
  ChargeResult,
} from '@pawfresh/contracts/orchestration-billing';
import { publishProgress, readProgress } from '../../engine/progress.js';
import { recordCharge, waitingCharges } from '../../rules/bulk-charge-progress.js';
import type { BillingContext } from './context.js';

/** The event a bulk retry publishes its progress under (GET /workflows/runs/{id}: chargeProgress). */
const PROGRESS_EVENT = 'charge-progress';

/** A bulk retry's progress as last published; undefined for any other run. */
export const bulkChargeProgressOf = (workflowId: string) =>
  readProgress<BulkChargeProgress>(workflowId, PROGRESS_EVENT);

/** Starts one box's manual-charge-order on the billing queue, as the run's child. */
type StartCharge = (
  input: { orderId: string; createdBy: string },
  workflowId: string,
) => Promise<{ getResult(): Promise<ChargeResult> }>;

/**
 * bulk-manual-charge: each box's manual-charge-order as its own child run on the billing queue
 * (the card provider's rate limit), with the id `<this run>:<orderId>`: after a crash the engine
 * resumes this run and its children and no box is started twice. Each child charges through
 * charge-once, so a box charged meanwhile by anyone else is answered `already_paid`, never
 * charged twice. The progress is published after every box.
 */
export const bulkManualCharge =
  (ctx: BillingContext, startCharge: StartCharge) =>
  async ({
    orderIds,
    createdBy,
  }: Omit<BulkManualChargeInput, 'workflowId'>): Promise<{ progress: BulkChargeProgress }> => {
    const workflowId = ctx.workflowId();
    let progress = waitingCharges(orderIds);
    await publishProgress(PROGRESS_EVENT, progress);
    const handles = [];
    for (const orderId of orderIds) {
      handles.push(await startCharge({ orderId, createdBy }, `${workflowId}:${orderId}`));
    }
    for (const [i, handle] of handles.entries()) {
      let outcome: unknown;
      try {
        outcome = await handle.getResult();
      } catch (err) {
        outcome = err;
      }
      progress = recordCharge(progress, orderIds[i]!, outcome);
      await publishProgress(PROGRESS_EVENT, progress);
    }
    return { progress };
  };
