import { badRequest } from '@pawfresh/kit';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import { insertEvent, type NewAuditEvent } from '../db/audit-store.js';
import { auditEventProblem } from '../rules/audit-rules.js';
import type { AuditContext } from './context.js';

/** Keeps one event, stamped with the service's time; a staff money change without a reason is a 400. */
export async function recordEvent(ctx: AuditContext, event: NewAuditEvent): Promise<AuditEvent> {
  const problem = auditEventProblem(event);
  if (problem) throw badRequest(problem);
  return insertEvent(ctx.db, event, ctx.clock.now());
}
