import { blockedJobStatuses, type JobStatus } from '@pawfresh/contracts/fulfilment';
import { FULFILMENT_STATUS_MOVES } from '@pawfresh/contracts/order';

/**
 * The packing job's status machine (docs/fulfilment.md "Job statuses"): one table, where each
 * status may go next. It is the order's fulfilment-status table (kept with the order contract),
 * so every move a job makes is one the order accepts when it is told.
 */
export const JOB_STATUS_MOVES: Readonly<Record<JobStatus, readonly JobStatus[]>> =
  FULFILMENT_STATUS_MOVES;

export const canMoveJob = (from: JobStatus, to: JobStatus) => JOB_STATUS_MOVES[from].includes(to);

export const isBlocked = (status: JobStatus) =>
  (blockedJobStatuses as readonly JobStatus[]).includes(status);

/** The kitchen has started on a job once it is being packed or later. */
export const STARTED_STATUSES: readonly JobStatus[] = ['in_progress', 'packed', 'palletised'];

export function illegalJobMove(from: JobStatus, to: JobStatus): string {
  const next = JOB_STATUS_MOVES[from];
  return next.length === 0
    ? `A job cannot move from ${from} to ${to}: ${from} is final`
    : `A job cannot move from ${from} to ${to}; from ${from} it can move to ${next.join(', ')}`;
}

/** Why a job in a blocked status refuses a change (`what`: "Its contents", "The fulfilment"). */
export const blockedMessage = (what: string, status: JobStatus, verb = 'change') =>
  `${what} cannot ${verb}: a job is ${status.replace('_', ' ')}, and queued, in progress, packed or palletised jobs are the kitchen's`;

/**
 * The one status a fulfilment shows (and the order is told), from its jobs: theirs when they
 * agree; otherwise the first of this list that some job has — whatever holds the box back wins,
 * then the least advanced. Cancelled jobs count only when every job is cancelled.
 */
export const SUMMARY_PRECEDENCE: readonly Exclude<JobStatus, 'cancelled'>[] = [
  'on_hold',
  'paused',
  'backlog',
  'deprioritised',
  'pending',
  'unpaused',
  'queued',
  'in_progress',
  'packed',
  'palletised',
];

export function summaryStatus(statuses: readonly JobStatus[]): JobStatus {
  const live = statuses.filter((s): s is Exclude<JobStatus, 'cancelled'> => s !== 'cancelled');
  if (live.length === 0) return statuses.length ? 'cancelled' : 'pending';
  return SUMMARY_PRECEDENCE.find((s) => live.includes(s))!;
}
