import type { Handlers } from '@pawfresh/kit';
import type { legacyContract } from '@pawfresh/contracts/legacy';
import type { LegacyContext } from './flows/context.js';
import {
  getLegacyUserData,
  listLegacyUserEmails,
  releaseQueuedCustomers,
  setMigrationStatus,
} from './flows/legacy-users.js';

export function legacyHandlers(ctx: LegacyContext): Handlers<typeof legacyContract> {
  return {
    listLegacyUserEmails: ({ query }) => listLegacyUserEmails(ctx, query),
    getLegacyUserData: ({ body }) => getLegacyUserData(ctx, body.email),
    setMigrationStatus: ({ params, body }) => setMigrationStatus(ctx, params.legacyId, body),
    releaseQueued: ({ body }) => releaseQueuedCustomers(ctx, body.workflowId),
  };
}
