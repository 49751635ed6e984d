import type { MigrationStatus } from '@pawfresh/contracts/legacy';

/** Each migration status as staff read it, with its colour on the cohort bars. */
export const STATUS_WORDS: Record<MigrationStatus, { label: string; color: string }> = {
  unmigrated: { label: 'Not migrated', color: 'gray.5' },
  queued: { label: 'Queued', color: 'blue.4' },
  migrating: { label: 'Migrating', color: 'indigo.6' },
  migrated: { label: 'Migrated', color: 'teal.7' },
  error: { label: 'In error', color: 'red.7' },
};

export const COHORT_WORDS: Record<string, string> = {
  phase1_staff: 'Phase 1: staff',
  phase2_low_engagement_customers: 'Phase 2: low-engagement customers',
};

/** Time left as people read it: "45 s", "3 min 5 s", "1 h 20 min". */
export function formatSecondsLeft(seconds: number | null): string {
  if (seconds === null) return 'working it out';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
