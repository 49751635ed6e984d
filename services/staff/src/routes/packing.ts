import type { StaffContext } from '../flows/context.js';
import {
  boxLabel,
  changeContents,
  dayLabels,
  holdFulfilment,
  packingBoard,
  pickList,
  prioritiseFulfilment,
  queueFulfilment,
  setSerialNumber,
} from '../flows/packing.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** The packing floor (docs/staff.md "Packing floor"). */
export function packingRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'packingBoard'
  | 'packingHold'
  | 'packingQueue'
  | 'packingPriority'
  | 'packingSerialNumber'
  | 'packingContents'
  | 'packingLabel'
  | 'packingPickList'
  | 'packingLabels'
> {
  return {
    packingBoard: async ({ query }) => packingBoard(ctx, query),
    packingHold: async ({ params, body, auth }, request) =>
      holdFulfilment(ctx, actingStaff(auth, request), params.fulfilmentId, body),
    packingQueue: async ({ params, body, auth }, request) =>
      queueFulfilment(ctx, actingStaff(auth, request), params.fulfilmentId, body),
    packingPriority: async ({ params, body, auth }, request) =>
      prioritiseFulfilment(ctx, actingStaff(auth, request), params.fulfilmentId, body),
    packingSerialNumber: async ({ params, body, auth }, request) =>
      setSerialNumber(ctx, actingStaff(auth, request), params, body),
    packingContents: async ({ params, body, auth }, request) =>
      changeContents(ctx, actingStaff(auth, request), params, body),
    packingLabel: async ({ params }) => boxLabel(ctx, params),
    packingPickList: async ({ query }) => pickList(ctx, query),
    packingLabels: async ({ query }) => dayLabels(ctx, query),
  };
}
