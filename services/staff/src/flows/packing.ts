import { localDate, notFound, passRefusals } from '@pawfresh/kit';
import type { Box, Fulfilment } from '@pawfresh/contracts/fulfilment';
import { packingFacilities, type PackingBoard } from '@pawfresh/contracts/staff-packing';
import { packingBox, packingFulfilment, statusCounts } from '../rules/packing-board.js';
import type { Acting, BodyOf, QueryOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/**
 * The packing floor (docs/staff.md "Packing floor"). Every rule is the fulfilment service's: this
 * reads its board, passes its actions on with the member of staff as the actor, and records them.
 */

/** A kitchen's make date: defaults to the first kitchen and its next make date with work. */
export async function packingBoard(
  ctx: StaffContext,
  query: QueryOf<'packingBoard'>,
): Promise<PackingBoard> {
  const facility =
    packingFacilities.find((f) => f.facilityId === query.facilityId) ?? packingFacilities[0];
  const today = localDate(ctx.clock.now(), facility.timeZone);
  const makeDates = await passRefusals('Reading the make dates', () =>
    ctx.fulfilment.makeDates({
      params: { facilityId: facility.facilityId },
      query: { from: today, limit: 14 },
    }),
  );
  const makeDate = query.makeDate ?? makeDates[0]?.makeDate ?? today;
  const fulfilments = await passRefusals('Reading the packing floor', () =>
    ctx.fulfilment.fulfilmentsOfDay({
      params: { facilityId: facility.facilityId },
      query: { makeDate },
    }),
  );
  const board = fulfilments.map(packingFulfilment);
  return {
    facilities: packingFacilities.map((f) => ({ ...f })),
    facilityId: facility.facilityId,
    makeDate,
    makeDates,
    counts: statusCounts(board),
    fulfilments: board,
  };
}

const readFulfilment = (ctx: StaffContext, fulfilmentId: string) =>
  passRefusals('Reading the fulfilment', () =>
    ctx.fulfilment.getFulfilment({ params: { fulfilmentId } }),
  );

/** What the audit row keeps of a fulfilment: its state, not its contents. */
const fulfilmentState = (f: Fulfilment) => ({
  status: f.status,
  isOnHold: f.isOnHold,
  isBacklogged: f.isBacklogged,
  jobs: f.jobs.map((j) => ({ jobId: j.jobId, boxId: j.boxId, status: j.status })),
  version: f.version,
});

const boxState = (b: Box) => ({
  serialNumber: b.serialNumber,
  boxSize: b.boxSize,
  contents: b.contents,
  version: b.version,
});

const actor = (acting: Acting) => `staff:${acting.userId}`;

/** A fulfilment-wide action: read it, run the fulfilment service's call, record before and after. */
async function actOnFulfilment<Result>(
  ctx: StaffContext,
  acting: Acting,
  fulfilmentId: string,
  spec: { action: string; reason: string; doing: string; run: () => Promise<Result> },
) {
  const done = await runStaffAction(ctx, acting, {
    action: spec.action,
    permission: 'fulfilment:write',
    targetType: 'fulfilment',
    targetId: fulfilmentId,
    reason: spec.reason,
    doing: spec.doing,
    read: () => readFulfilment(ctx, fulfilmentId),
    customerOf: (before) => before.customerId,
    run: async () => ({ result: await spec.run(), after: await readFulfilment(ctx, fulfilmentId) }),
    stateBefore: fulfilmentState,
    stateAfter: ({ after }) => fulfilmentState(after),
  });
  return {
    result: done.result.result,
    fulfilment: packingFulfilment(done.result.after),
    audit: done.audit,
  };
}

export async function holdFulfilment(
  ctx: StaffContext,
  acting: Acting,
  fulfilmentId: string,
  body: BodyOf<'packingHold'>,
) {
  const { fulfilment, audit } = await actOnFulfilment(ctx, acting, fulfilmentId, {
    action: body.isOnHold ? 'fulfilment.hold' : 'fulfilment.release',
    reason: body.reason,
    doing: body.isOnHold ? 'Holding the fulfilment' : 'Releasing the fulfilment',
    run: () =>
      ctx.fulfilment.holdStatus({
        params: { fulfilmentId },
        body: { isOnHold: body.isOnHold, updatedBy: actor(acting) },
      }),
  });
  return { fulfilment, audit };
}

export async function queueFulfilment(
  ctx: StaffContext,
  acting: Acting,
  fulfilmentId: string,
  body: BodyOf<'packingQueue'>,
) {
  const { result, fulfilment, audit } = await actOnFulfilment(ctx, acting, fulfilmentId, {
    action: body.queued ? 'fulfilment.requeue' : 'fulfilment.dequeue',
    reason: body.reason,
    doing: body.queued ? 'Queueing the jobs' : 'Taking the jobs off the queue',
    run: () =>
      body.queued
        ? ctx.fulfilment.requeueJobs({ params: { fulfilmentId } })
        : ctx.fulfilment.dequeueJobs({ params: { fulfilmentId } }),
  });
  return { moved: result, fulfilment, audit };
}

export async function prioritiseFulfilment(
  ctx: StaffContext,
  acting: Acting,
  fulfilmentId: string,
  body: BodyOf<'packingPriority'>,
) {
  const { fulfilment, audit } = await actOnFulfilment(ctx, acting, fulfilmentId, {
    action: body.deprioritised ? 'fulfilment.deprioritise' : 'fulfilment.restore-priority',
    reason: body.reason,
    doing: body.deprioritised ? 'Deprioritising the fulfilment' : 'Restoring its priority',
    run: () =>
      ctx.fulfilment.patchFulfilment({
        params: { fulfilmentId },
        body: {
          status: body.deprioritised ? 'deprioritised' : 'pending',
          updatedBy: actor(acting),
        },
      }),
  });
  return { fulfilment, audit };
}

/** A box of the fulfilment the path names (another fulfilment's box is a 404). */
async function readBox(ctx: StaffContext, fulfilmentId: string, boxId: string) {
  const fulfilment = await readFulfilment(ctx, fulfilmentId);
  const box = fulfilment.boxes.find((b) => b.boxId === boxId);
  if (!box) throw notFound(`Box ${boxId} not found in fulfilment ${fulfilmentId}`);
  return { fulfilment, box };
}

async function actOnBox(
  ctx: StaffContext,
  acting: Acting,
  params: { fulfilmentId: string; boxId: string },
  spec: { action: string; reason: string; doing: string; run: () => Promise<unknown> },
) {
  const done = await runStaffAction(ctx, acting, {
    action: spec.action,
    permission: 'fulfilment:write',
    targetType: 'box',
    targetId: params.boxId,
    reason: spec.reason,
    doing: spec.doing,
    read: () => readBox(ctx, params.fulfilmentId, params.boxId),
    customerOf: ({ fulfilment }) => fulfilment.customerId,
    run: async () => {
      await spec.run();
      return readBox(ctx, params.fulfilmentId, params.boxId);
    },
    stateBefore: ({ box }) => boxState(box),
    stateAfter: ({ box }) => boxState(box),
  });
  const { fulfilment, box } = done.result;
  const job = fulfilment.jobs.find((j) => j.boxId === box.boxId)!;
  return { box: packingBox(box, job), audit: done.audit };
}

export const setSerialNumber = (
  ctx: StaffContext,
  acting: Acting,
  params: { fulfilmentId: string; boxId: string },
  body: BodyOf<'packingSerialNumber'>,
) =>
  actOnBox(ctx, acting, params, {
    action: 'box.set-serial-number',
    reason: body.reason,
    doing: 'Setting the serial number',
    run: () =>
      ctx.fulfilment.setSerialNumber({
        params: { boxId: params.boxId },
        body: { serialNumber: body.serialNumber },
      }),
  });

export const changeContents = (
  ctx: StaffContext,
  acting: Acting,
  params: { fulfilmentId: string; boxId: string },
  body: BodyOf<'packingContents'>,
) =>
  actOnBox(ctx, acting, params, {
    action: 'box.change-contents',
    reason: body.reason,
    doing: "Changing the box's contents",
    run: () =>
      ctx.fulfilment.updateContents({
        params: { boxId: params.boxId },
        body: {
          contents: body.contents,
          reason: body.reason,
          updatedBy: actor(acting),
          version: body.version,
        },
      }),
  });

/** A box's label, read through its fulfilment (another fulfilment's box is a 404). */
export async function boxLabel(ctx: StaffContext, params: { fulfilmentId: string; boxId: string }) {
  await readBox(ctx, params.fulfilmentId, params.boxId);
  return passRefusals('Reading the label', () =>
    ctx.fulfilment.boxLabel({ params: { boxId: params.boxId } }),
  );
}

export const pickList = (ctx: StaffContext, query: QueryOf<'packingPickList'>) =>
  passRefusals('Reading the pick list', () =>
    ctx.fulfilment.pickList({
      params: { facilityId: query.facilityId },
      query: { makeDate: query.makeDate, format: query.format },
    }),
  );

export const dayLabels = (ctx: StaffContext, query: QueryOf<'packingLabels'>) =>
  passRefusals('Reading the labels', () =>
    ctx.fulfilment.dayLabels({
      params: { facilityId: query.facilityId },
      query: { makeDate: query.makeDate, depotCode: query.depotCode },
    }),
  );
