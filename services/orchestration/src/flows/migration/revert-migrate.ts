import { upstream } from '@pawfresh/kit';
import type { RevertMigrateResult } from '@pawfresh/contracts/orchestration-migration';
import type { WorkflowContext } from '../context.js';
import { outcome, messageOf, nothing, setStatus, readAndClaim, undo } from './migration-steps.js';

/**
 * revert-migrate: removes what migrate made for the customer (past orders, payment customer,
 * subscription, imported dogs, user) and sets them back to unmigrated. Only a migrated customer, or one left in
 * error, can be reverted.
 */
export const revertMigrate =
  (ctx: WorkflowContext) =>
  async ({ email }: { email: string }): Promise<Omit<RevertMigrateResult, 'workflowId'>> => {
    const workflowId = ctx.workflowId();
    const data = await ctx.step('read-and-claim', () =>
      readAndClaim(ctx, email, ['migrated', 'error'], workflowId),
    );
    const legacyId = data.user.legacyId;
    const userId = data.user.migratedUserId;
    const removed = nothing();
    if (userId) {
      const found = await ctx.step('read-made', async () => {
        const [subs, dogs, customer] = await Promise.all([
          upstream('Reading the subscription', () =>
            ctx.services.subscription.listSubscriptions({ query: { userId } }),
          ),
          upstream('Reading the dogs', () => ctx.services.dogs.listDogs({ query: { userId } })),
          outcome('Reading the payment customer', () =>
            ctx.services.payment.getCustomer({ params: { userId } }),
          ),
        ]);
        return {
          subscriptionId: subs.data[0]?.id ?? null,
          dogIds: dogs.map((d) => d.identifier),
          paymentCustomerId: customer.ok ? customer.value.id : null,
        };
      });
      let orderIds: string[];
      try {
        orderIds = await undo(ctx, userId, 'remove');
      } catch (err) {
        await setStatus(ctx, 'mark-error', legacyId, {
          status: 'error',
          error: `Reverting failed: ${messageOf(err)}; fix that, then run revert-migrate again`,
        });
        throw err;
      }
      Object.assign(removed, { userId, ...found, orderIds });
    }
    await setStatus(ctx, 'mark-unmigrated', legacyId, { status: 'unmigrated' });
    return { legacyId, email: data.user.email, migrationStatus: 'unmigrated', removed };
  };
