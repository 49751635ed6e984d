import { Badge } from '@mantine/core';
import type { JobStatus } from '@pawfresh/contracts/fulfilment';

/** Each job status (services.md §4) in words and a colour dark enough for its text (axe). */
export const JOB_STATUS: Record<JobStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  deprioritised: { label: 'Deprioritised', color: 'grape' },
  backlog: { label: 'Backlog', color: 'grape' },
  queued: { label: 'Queued', color: 'blue' },
  in_progress: { label: 'In progress', color: 'cyan' },
  packed: { label: 'Packed', color: 'teal' },
  palletised: { label: 'Palletised', color: 'green' },
  paused: { label: 'Paused', color: 'orange' },
  unpaused: { label: 'Unpaused', color: 'blue' },
  on_hold: { label: 'On hold', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'dark' },
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { label, color } = JOB_STATUS[status];
  return (
    <Badge color={color} variant="light" c={`${color}.9`} radius="sm">
      {label}
    </Badge>
  );
}
