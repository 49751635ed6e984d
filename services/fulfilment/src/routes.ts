import type { Handlers } from '@pawfresh/kit';
import type { fulfilmentContract } from '@pawfresh/contracts/fulfilment';
import { contentsHistory, setSerialNumber, updateContents } from './flows/boxes.js';
import type { FulfilmentContext } from './flows/context.js';
import { createFulfilments } from './flows/create-fulfilments.js';
import { dayLabels, labelPdf, pickList, pickListFormat } from './flows/documents.js';
import {
  deleteFulfilment,
  hasStarted,
  holdStatus,
  patchFulfilment,
  queueJobs,
} from './flows/job-moves.js';
import {
  boxWithSerialNumber,
  boxesOfOrder,
  fulfilmentWithJobs,
  fulfilmentsOfDay,
  makeDates,
} from './flows/read-fulfilments.js';

export function fulfilmentHandlers(ctx: FulfilmentContext): Handlers<typeof fulfilmentContract> {
  const { db } = ctx;
  return {
    createFulfilments: async ({ params, body }) => createFulfilments(ctx, params.facilityId, body),
    getFulfilment: async ({ params }) =>
      (await fulfilmentWithJobs(ctx, params.fulfilmentId)).fulfilment,
    fulfilmentsOfDay: async ({ params, query }) =>
      fulfilmentsOfDay(ctx, params.facilityId, query.makeDate),
    makeDates: async ({ params, query }) =>
      makeDates(ctx, params.facilityId, query.from, query.limit),
    boxesByOrder: async ({ params }) => boxesOfOrder(ctx, params.orderId),
    boxBySerialNumber: async ({ params }) => boxWithSerialNumber(ctx, params.serialNumber),
    jobsByFulfilment: async ({ params }) =>
      (await fulfilmentWithJobs(ctx, params.fulfilmentId)).jobs,
    deleteFulfilment: async ({ params }) => deleteFulfilment(ctx, params.fulfilmentId),
    hasStarted: async ({ params }) => hasStarted(db, params.fulfilmentId),
    holdStatus: async ({ params, body }) =>
      holdStatus(ctx, params.fulfilmentId, body.isOnHold, body.updatedBy),
    dequeueJobs: async ({ params }) => queueJobs(ctx, params.fulfilmentId, false),
    requeueJobs: async ({ params }) => queueJobs(ctx, params.fulfilmentId, true),
    patchFulfilment: async ({ params, body }) => patchFulfilment(ctx, params.fulfilmentId, body),
    setSerialNumber: async ({ params, body }) =>
      setSerialNumber(ctx, params.boxId, body.serialNumber, body.version),
    updateContents: async ({ params, body }) => updateContents(ctx, params.boxId, body),
    contentsHistory: async ({ params }) => contentsHistory(ctx, params.boxId),
    boxLabel: async ({ params }) => labelPdf(ctx, params.boxId),
    dayLabels: async ({ params, query }) =>
      dayLabels(ctx, params.facilityId, query.makeDate, query.depotCode),
    pickList: async ({ params, query }, request) =>
      pickList(
        ctx,
        params.facilityId,
        query.makeDate,
        pickListFormat(query.format, request.headers.accept),
      ),
  };
}
