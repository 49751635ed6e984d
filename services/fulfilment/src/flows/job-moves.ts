import { conflict, isRefused, notFound, refusalOf } from '@pawfresh/kit';
import type { FulfilmentPatch, JobStatus } from '@pawfresh/contracts/fulfilment';
import type { FulfilmentDb, FulfilmentRow } from '../db/box-store.js';
import {
  deleteFulfilmentRow,
  findFulfilmentRow,
  jobRows,
  jobStatuses,
  readFulfilment,
  updateFulfilmentRow,
  updateJobs,
  type JobRow,
} from '../db/fulfilment-store.js';
import {
  STARTED_STATUSES,
  blockedMessage,
  canMoveJob,
  illegalJobMove,
  isBlocked,
  summaryStatus,
} from '../rules/job-status.js';
import type { FulfilmentContext } from './context.js';

/** Statuses a deleted fulfilment's order goes back to pending from. */
const RELEASED_ON_DELETE: readonly JobStatus[] = ['on_hold', 'deprioritised', 'backlog'];

export const fulfilmentNotFound = (id: string) => notFound(`Fulfilment ${id} not found`);

/** What a change to a fulfilment's jobs decided: job moves, columns, and its answer's extras. */
interface JobsChange {
  moves: { ids: string[]; to: JobStatus }[];
  stations?: Partial<Pick<JobRow, 'stationId' | 'boxingStationId' | 'pnpWorkerId'>>;
  columns?: Partial<Pick<FulfilmentRow, 'isOnHold' | 'isBacklogged' | 'shipmentId'>>;
}

/**
 * Tells the order service the fulfilment's status, so the customer's box shows PREPARING (and the
 * order refuses changes) while the kitchen works on it. Inside the caller's transaction: if the
 * order refuses, nothing here changes either.
 */
async function tellOrder(ctx: FulfilmentContext, orderId: string, to: JobStatus, actor?: string) {
  try {
    await ctx.order.changeFulfilmentStatus({
      params: { orderId },
      body: { fulfilmentStatus: to, updatedBy: actor ?? 'fulfilment' },
    });
  } catch (err) {
    if (isRefused(err, 409) || isRefused(err, 404)) {
      throw conflict(
        `The order service refused fulfilment status ${to} for order ${orderId}: ${refusalOf(err)!.message}`,
      );
    }
    throw err;
  }
}

/**
 * Changes one fulfilment's jobs. `decide` chooses the moves on the fulfilment as read; when its
 * status changes, the order service is told first (so a refusal there changes nothing here), then
 * the moves are written in a transaction that locks the fulfilment and checks it is still the
 * version decided on. The order is never told inside that transaction: in one process both
 * services may share a single database session. If the write fails after the order was told, the
 * order is told the status back.
 */
export async function changeJobs<T>(
  ctx: FulfilmentContext,
  fulfilmentId: string,
  options: { version?: number | undefined; actor?: string | undefined },
  decide: (row: FulfilmentRow, jobs: JobRow[]) => JobsChange & { answer: T },
): Promise<T> {
  const row = await findFulfilmentRow(ctx.db, fulfilmentId);
  if (!row) throw fulfilmentNotFound(fulfilmentId);
  if (options.version !== undefined && options.version !== row.version) {
    throw conflict(
      `Fulfilment ${fulfilmentId} has changed since version ${options.version} (it is at version ${row.version}): read it again and retry`,
    );
  }
  const jobs = await jobRows(ctx.db, fulfilmentId);
  const change = decide(row, jobs);
  const after = jobs.map((j) => change.moves.find((m) => m.ids.includes(j.id))?.to ?? j.status);
  const status = summaryStatus(after);
  const changed =
    status !== row.status ||
    change.moves.some((m) => m.ids.length) ||
    Object.keys(change.columns ?? {}).length > 0 ||
    Object.keys(change.stations ?? {}).length > 0;
  if (!changed) return change.answer;
  const told = status !== row.status;
  if (told) await tellOrder(ctx, row.orderId, status, options.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await findFulfilmentRow(tx, fulfilmentId, true);
      if (!locked) throw fulfilmentNotFound(fulfilmentId);
      if (locked.version !== row.version) {
        throw conflict(
          `Fulfilment ${fulfilmentId} changed while this change was being made: read it again and retry`,
        );
      }
      const now = ctx.clock.now();
      for (const move of change.moves) await updateJobs(tx, move.ids, { status: move.to }, now);
      if (change.stations && Object.keys(change.stations).length) {
        await updateJobs(
          tx,
          jobs.map((j) => j.id),
          change.stations,
          now,
        );
      }
      await updateFulfilmentRow(tx, row.id, { ...change.columns, status }, now);
    });
  } catch (err) {
    if (told) await tellOrder(ctx, row.orderId, row.status, options.actor).catch(() => undefined);
    throw err;
  }
  return change.answer;
}

/** Every job not cancelled and not already at `to` must be able to move there, or 409. */
function moveAll(jobs: JobRow[], to: JobStatus, what: string) {
  const moving = jobs.filter((j) => j.status !== to && j.status !== 'cancelled');
  const stuck = moving.find((j) => !canMoveJob(j.status, to));
  if (stuck) throw conflict(`${what}: ${illegalJobMove(stuck.status, to)}`);
  return { ids: moving.map((j) => j.id), to };
}

const readBack = async (ctx: FulfilmentContext, id: string) => {
  const row = await findFulfilmentRow(ctx.db, id);
  if (!row) throw fulfilmentNotFound(id);
  return (await readFulfilment(ctx.db, row)).fulfilment;
};

export async function holdStatus(
  ctx: FulfilmentContext,
  fulfilmentId: string,
  isOnHold: boolean,
  actor?: string,
) {
  await changeJobs(ctx, fulfilmentId, { actor }, (row, jobs) => {
    if (isOnHold) {
      const blocked = jobs.find((j) => isBlocked(j.status));
      if (blocked) throw conflict(blockedMessage('Its hold status', blocked.status));
      return {
        moves: [moveAll(jobs, 'on_hold', 'The fulfilment cannot go on hold')],
        columns: row.isOnHold ? {} : { isOnHold: true },
        answer: undefined,
      };
    }
    const held = jobs.filter((j) => j.status === 'on_hold').map((j) => j.id);
    return {
      moves: [{ ids: held, to: 'pending' }],
      columns: row.isOnHold ? { isOnHold: false } : {},
      answer: undefined,
    };
  });
  return readBack(ctx, fulfilmentId);
}

export async function patchFulfilment(
  ctx: FulfilmentContext,
  fulfilmentId: string,
  patch: FulfilmentPatch,
) {
  await changeJobs(
    ctx,
    fulfilmentId,
    { version: patch.version, actor: patch.updatedBy },
    (row, jobs) => {
      const moves = [];
      const columns: JobsChange['columns'] = {};
      if (patch.isBacklogged !== undefined && patch.isBacklogged !== row.isBacklogged) {
        columns.isBacklogged = patch.isBacklogged;
        moves.push(
          patch.isBacklogged
            ? moveAll(jobs, 'backlog', 'The fulfilment cannot be backlogged')
            : {
                ids: jobs.filter((j) => j.status === 'backlog').map((j) => j.id),
                to: 'pending' as const,
              },
        );
      }
      if (patch.status !== undefined) {
        if (moves.length) throw conflict('Send status or isBacklogged, not both');
        moves.push(moveAll(jobs, patch.status, `The fulfilment cannot move to ${patch.status}`));
      }
      if (patch.shipmentId !== undefined) columns.shipmentId = patch.shipmentId;
      const stations = {
        ...(patch.stationId !== undefined ? { stationId: patch.stationId } : {}),
        ...(patch.boxingStationId !== undefined ? { boxingStationId: patch.boxingStationId } : {}),
        ...(patch.pnpWorkerId !== undefined ? { pnpWorkerId: patch.pnpWorkerId } : {}),
      };
      return { moves, columns, stations, answer: undefined };
    },
  );
  return readBack(ctx, fulfilmentId);
}

/** De-queue (to pending) or re-queue (to queued) a fulfilment's jobs, skipping those that cannot. */
export function queueJobs(ctx: FulfilmentContext, fulfilmentId: string, queue: boolean) {
  return changeJobs(ctx, fulfilmentId, {}, (row, jobs) => {
    const moved: string[] = [];
    const skippedJobs: { jobId: string; status: JobStatus; reason: string }[] = [];
    for (const job of jobs) {
      const skip = (reason: string) =>
        skippedJobs.push({ jobId: job.id, status: job.status, reason });
      if (!queue) {
        if (job.status === 'queued') moved.push(job.id);
        else skip(`The job is ${job.status}, not queued`);
      } else if (row.isOnHold) skip('The fulfilment is on hold: take it off hold first');
      else if (job.status === 'queued') skip('The job is already queued');
      else if (!canMoveJob(job.status, 'queued')) skip(illegalJobMove(job.status, 'queued'));
      else moved.push(job.id);
    }
    const verb = queue ? 'queued' : 'taken off the queue';
    return {
      moves: [{ ids: moved, to: queue ? ('queued' as const) : ('pending' as const) }],
      answer: {
        queuedJobs: moved,
        skippedJobs,
        message: `${moved.length} of ${jobs.length} jobs ${verb}${skippedJobs.length ? `, ${skippedJobs.length} skipped` : ''}`,
      },
    };
  });
}

export async function hasStarted(db: FulfilmentDb, fulfilmentId: string) {
  const row = await findFulfilmentRow(db, fulfilmentId);
  if (!row) throw fulfilmentNotFound(fulfilmentId);
  const statuses = await jobStatuses(db, fulfilmentId);
  return {
    hasStarted: statuses.some((s) => STARTED_STATUSES.includes(s)),
    isBlocked: statuses.some(isBlocked),
    statuses: [...new Set(statuses)],
  };
}

/**
 * Deletes a fulfilment with its boxes and jobs; refused (409) once a job is queued or later. A
 * fulfilment held back without being made frees its order (back to pending) first.
 */
export async function deleteFulfilment(ctx: FulfilmentContext, fulfilmentId: string) {
  const row = await findFulfilmentRow(ctx.db, fulfilmentId);
  if (!row) throw fulfilmentNotFound(fulfilmentId);
  const refuse = (statuses: JobStatus[]) => {
    const blocked = statuses.find(isBlocked);
    if (blocked) throw conflict(blockedMessage('The fulfilment', blocked, 'be deleted'));
  };
  refuse(await jobStatuses(ctx.db, fulfilmentId));
  const release = RELEASED_ON_DELETE.includes(row.status);
  if (release) await tellOrder(ctx, row.orderId, 'pending');
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await findFulfilmentRow(tx, fulfilmentId, true);
      if (!locked) throw fulfilmentNotFound(fulfilmentId);
      refuse(await jobStatuses(tx, fulfilmentId));
      await deleteFulfilmentRow(tx, fulfilmentId);
    });
  } catch (err) {
    if (release) await tellOrder(ctx, row.orderId, row.status).catch(() => undefined);
    throw err;
  }
}
