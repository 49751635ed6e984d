import type { Handlers } from '@pawfresh/kit';
import type { CancelReason, subscriptionContract } from '@pawfresh/contracts/subscription';
import { listCancelReasons, type CancelReasonRow } from '../db/reference-store.js';
import type { HandlerDeps } from './deps.js';

type ReasonFields = Omit<CancelReason, 'childReasons'>;

const reasonFields = (row: CancelReasonRow): ReasonFields => ({
  id: row.id,
  description: row.description,
  slug: row.slug,
  displayOrder: row.displayOrder,
  contexts: row.contexts,
});

export function cancelReasonHandlers(
  deps: HandlerDeps,
): Pick<Handlers<typeof subscriptionContract>, 'listCancelReasons'> {
  return {
    listCancelReasons: async ({ query }) => {
      const reasons = await listCancelReasons(deps.db, query.context);
      return reasons.map((r): CancelReason => ({
        ...reasonFields(r),
        childReasons: r.childReasons.map(reasonFields),
      }));
    },
  };
}
