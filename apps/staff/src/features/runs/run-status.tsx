import { Badge } from '@mantine/core';
import {
  NEVER_CANCELLED,
  NOT_CANCELLED_WHILE_RUNNING,
  type WorkflowRun,
} from '@pawfresh/contracts/orchestration';

type Status = WorkflowRun['status'];

/** What each of the engine's statuses means to staff, and its colour (white text: AA contrast). */
export const RUN_STATUS: Record<Status, { label: string; color: string }> = {
  PENDING: { label: 'Running', color: 'blue.9' },
  ENQUEUED: { label: 'Queued', color: 'gray.8' },
  SUCCESS: { label: 'Succeeded', color: 'teal.9' },
  ERROR: { label: 'Failed', color: 'red.9' },
  MAX_RECOVERY_ATTEMPTS_EXCEEDED: { label: 'Failed: gave up after restarts', color: 'red.9' },
  CANCELLED: { label: 'Cancelled', color: 'grape.9' },
};

export function RunStatusBadge({ status }: { status: Status }) {
  const { label, color } = RUN_STATUS[status];
  return (
    // Never narrower than its words: a crowded table on a phone cut it short ("SUCC…").
    <Badge variant="filled" color={color} title={status} miw="max-content">
      {label}
    </Badge>
  );
}

/** A duration as people read it: "850 ms", "12.4 s", "3 min 5 s"; "—" while it runs. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return minutes < 60
    ? `${minutes} min ${seconds} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What an admin may try on a run in this status (the server has the last word). */
export const canResume = (status: Status) =>
  status === 'CANCELLED' || status === 'ERROR' || status === 'MAX_RECOVERY_ATTEMPTS_EXCEEDED';
/**
 * A run that moves money is never cancelled, nor one customer's import while it runs
 * (NEVER_CANCELLED, NOT_CANCELLED_WHILE_RUNNING in the contracts).
 */
export const canCancel = (status: Status, workflowName: string) =>
  !NEVER_CANCELLED.includes(workflowName) &&
  (status === 'MAX_RECOVERY_ATTEMPTS_EXCEEDED' ||
    ((status === 'PENDING' || status === 'ENQUEUED') &&
      !NOT_CANCELLED_WHILE_RUNNING.includes(workflowName)));
