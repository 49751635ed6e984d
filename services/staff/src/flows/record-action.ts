import { fullName } from '@pawfresh/contracts/identity';
import type { AuditEvent, AuditEventInput } from '@pawfresh/contracts/audit';
import { chunks, passRefusals } from '@pawfresh/kit';
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
 * The member's name as it reads today, kept on the row so the timeline says who acted even after
 * they leave (ADR 019); null when identity cannot say (the row is still written, with the user id).
 */
async function nameOf(ctx: StaffContext, acting: Acting): Promise<string | null> {
  try {
    const user = await ctx.identity.getUser({ params: { userId: acting.userId } });
    return fullName(user).slice(0, 100) || null;
  } catch {
    return null;
  }
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
  const [audit] = await recordActions(ctx, acting, [done]);
  return audit ?? null;
}

/** How many rows of one action are written at once (a bulk retry writes one per box). */
const RECORDING_AT_ONCE = 10;

/** recordAction for several rows of one request (the member's name read once). */
export async function recordActions(
  ctx: StaffContext,
  acting: Acting,
  done: readonly StaffAction[],
): Promise<(AuditEvent | null)[]> {
  const actor = {
    type: 'staff' as const,
    userId: acting.userId,
    role: acting.role,
    name: await nameOf(ctx, acting),
  };
  const recorded: (AuditEvent | null)[] = [];
  for (const some of chunks(done, RECORDING_AT_ONCE)) {
    recorded.push(
      ...(await Promise.all(
        some.map(async (action) => {
          const event: AuditEventInput = { actor, ...action, requestId: acting.requestId };
          try {
            return await ctx.audit.recordEvent({ body: event });
          } catch (err) {
            ctx.log.error({ err, auditEvent: event }, 'a staff action was done but not recorded');
            return null;
          }
        }),
      )),
    );
  }
  return recorded;
}

/**
 * The one shape of a staff action (docs/staff.md): read the target as it is, run the change
 * through its workflow (a refusal passed on as the workflow's own 4xx), then record before, after
 * and the reason as the signed-in member of staff. The permission is checked by the route (and
 * again by the flow when it depends on the body, as a refund's limit does).
 */
export async function runStaffAction<Before, Result>(
  ctx: StaffContext,
  acting: Acting,
  spec: {
    action: string;
    permission: Permission;
    targetType: string;
    targetId: string;
    reason: string;
    /** How the refusal reads: "The pause", "Refunding the payment". */
    doing: string;
    read: () => Promise<Before>;
    customerOf: (before: Before) => string | null;
    run: (before: Before) => Promise<Result>;
    stateBefore: (before: Before) => Record<string, unknown>;
    stateAfter: (result: Result) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<{ result: Result; audit: AuditEvent | null }> {
  const before = await spec.read();
  const result = await passRefusals(spec.doing, () => spec.run(before));
  const audit = await recordAction(ctx, acting, {
    action: spec.action,
    permission: spec.permission,
    targetType: spec.targetType,
    targetId: spec.targetId,
    customerId: spec.customerOf(before),
    before: spec.stateBefore(before),
    after: await spec.stateAfter(result),
    reason: spec.reason,
  });
  return { result, audit };
}
