import type { Handlers } from '@pawfresh/kit';
import type { auditContract } from '@pawfresh/contracts/audit';
import type { AuditContext } from './flows/context.js';
import { customerTimeline } from './flows/customer-timeline.js';
import { recordEvent } from './flows/record-event.js';

export function auditHandlers(ctx: AuditContext): Handlers<typeof auditContract> {
  return {
    recordEvent: async ({ body }) => recordEvent(ctx, body),
    customerTimeline: async ({ params, query }) => customerTimeline(ctx, params.customerId, query),
  };
}
