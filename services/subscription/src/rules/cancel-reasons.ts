import type { InputProblem } from '@pawfresh/kit';
import type { CancelReasonContext, ExtraType } from '@pawfresh/contracts/subscription';

/** What the hierarchy check needs of a cancel reason. */
export interface ReasonNode {
  id: string;
  parentId: string | null;
  contexts: readonly CancelReasonContext[];
}

/**
 * The reasons given for cancelling a subscription (docs/subscriptions.md "Cancelling"): the
 * primary is a top-level reason of the `subscription` context; a secondary needs a primary and
 * is one of its child reasons. `primary` and `secondary` are the reasons found for the ids sent.
 */
export function cancelReasonProblems(
  sent: {
    primaryCancelReasonId?: string | null | undefined;
    secondaryCancelReasonId?: string | null | undefined;
  },
  primary: ReasonNode | undefined,
  secondary: ReasonNode | undefined,
): InputProblem[] {
  const problems: InputProblem[] = [];
  if (sent.primaryCancelReasonId) {
    if (!primary || !primary.contexts.includes('subscription')) {
      problems.push({
        path: ['primaryCancelReasonId'],
        code: 'unknown_reason',
        message: 'primaryCancelReasonId is not a reason for cancelling a subscription',
      });
    } else if (primary.parentId !== null) {
      problems.push({
        path: ['primaryCancelReasonId'],
        code: 'child_reason',
        message:
          'primaryCancelReasonId must be a top-level reason; send its child as secondaryCancelReasonId',
      });
    }
  }
  if (sent.secondaryCancelReasonId) {
    if (!sent.primaryCancelReasonId) {
      problems.push({
        path: ['secondaryCancelReasonId'],
        code: 'secondary_without_primary',
        message: 'secondaryCancelReasonId needs a primaryCancelReasonId it belongs to',
      });
    } else if (!secondary || secondary.parentId !== sent.primaryCancelReasonId) {
      problems.push({
        path: ['secondaryCancelReasonId'],
        code: 'not_a_child_reason',
        message: "secondaryCancelReasonId must be one of the primary reason's child reasons",
      });
    }
  }
  return problems;
}

/**
 * Whether a reason may be given for stopping an extra: one of the `treat` or `supplement` context
 * for those extras, any reason for bundles and misc items.
 */
export function reasonFitsExtra(reason: ReasonNode | undefined, type: ExtraType): boolean {
  if (!reason) return false;
  return type === 'treat' || type === 'supplement' ? reason.contexts.includes(type) : true;
}
