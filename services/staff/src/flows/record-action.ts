import type { AuditEvent, AuditEventInput } from '@pawfresh/contracts/audit';
import type { Permission } from '@pawfresh/contracts/staff-roles';
import type { Acting, StaffContext } from './context.js';

/** What a staff action did, for the audit log; who did it comes from the session. */
export interface StaffAction {
  action: string;
  permission: Permission;
  targetType: string;
  targetId: string;
  customerId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/**
 * Records a done action in the audit log as the signed-in member of staff (ADR 019). It runs after
 * the action succeeded: if the log cannot be reached the action is still answered as done (a
 * refund reported as failed would be made again), and the whole event is logged as an error so it
 * can be written later. The answer then carries `audit: null`.
 */
export async function recordAction(
  ctx: StaffContext,
  acting: Acting,
  done: StaffAction,
): Promise<AuditEvent | null> {
  const event: AuditEventInput = {
    actor: { type: 'staff', userId: acting.userId, role: acting.role, name: null },
    ...done,
    requestId: acting.requestId,
  };
  try {
    return await ctx.audit.recordEvent({ body: event });
  } catch (err) {
    ctx.log.error({ err, auditEvent: event }, 'a staff action was done but not recorded');
    return null;
  }
}
