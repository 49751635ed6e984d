import {
  needsReason,
  reasonMissingMessage,
  type Permission,
} from '@pawfresh/contracts/staff-roles';
import type { AuditActor } from '@pawfresh/contracts/audit';

/**
 * What is wrong with an event before it is kept, or undefined: a member of staff who moved money
 * or changed a plan must have said why (docs/staff.md), and a person acting is named by their id.
 */
export function auditEventProblem(event: {
  actor: AuditActor;
  permission: Permission | null;
  reason: string | null;
}): string | undefined {
  const { actor } = event;
  if ((actor.type === 'staff' || actor.type === 'customer') && !actor.userId) {
    return `actor.userId is required when a ${actor.type} acts`;
  }
  if (actor.type === 'staff' && needsReason(event.permission) && !event.reason) {
    return reasonMissingMessage(event.permission!);
  }
  return undefined;
}
