import {
  jobStatuses,
  type Box,
  type Fulfilment,
  type JobStatus,
} from '@pawfresh/contracts/fulfilment';
import type { PackingBox, PackingFulfilment } from '@pawfresh/contracts/staff-packing';

/** A box as the board shows it: its job's status beside it. */
export const packingBox = (box: Box, job: { jobId: string; status: JobStatus }): PackingBox => ({
  boxId: box.boxId,
  jobId: job.jobId,
  status: job.status,
  serialNumber: box.serialNumber,
  boxNumber: box.boxNumber,
  boxCount: box.boxCount,
  boxSize: box.boxSize,
  has5pmCutoff: box.has5pmCutoff,
  contents: box.contents,
  version: box.version,
});

/** A fulfilment as the board shows it: each box with its job (one job per box). */
export function packingFulfilment(f: Fulfilment): PackingFulfilment {
  const jobOf = new Map(f.jobs.map((j) => [j.boxId, j]));
  return {
    fulfilmentId: f.fulfilmentId,
    orderId: f.orderId,
    customerId: f.customerId,
    customerName: f.jobs[0]?.customerName ?? f.boxes[0]?.customerName ?? '',
    depotCode: f.depotCode,
    makeDate: f.makeDate,
    deliveryDate: f.deliveryDate,
    status: f.status,
    isOnHold: f.isOnHold,
    isBacklogged: f.isBacklogged,
    version: f.version,
    boxes: f.boxes.flatMap((b) => {
      const job = jobOf.get(b.boxId);
      return job ? [packingBox(b, job)] : [];
    }),
  };
}

/** Boxes by their job's status, every status present (0 when none): the board's counters. */
export function statusCounts(fulfilments: readonly PackingFulfilment[]): Record<JobStatus, number> {
  const counts = Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const f of fulfilments) for (const b of f.boxes) counts[b.status] += 1;
  return counts;
}
