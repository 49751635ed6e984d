import type { BulkProgress } from '@pawfresh/contracts/orchestration-migration';

/**
 * How fast a bulk migration goes and how long the rest takes at that pace (docs/staff.md
 * "Migration dashboard"): customers finished per minute since the run started, and the customers
 * left at that rate. Before the first customer finishes neither is known (null); once the run has
 * ended nothing is left (0) and the rate is the whole run's.
 */
export function migrationPace(
  progress: BulkProgress | null,
  startedAt: Date,
  until: Date,
  finished: boolean,
): { perMinute: number | null; secondsLeft: number | null } {
  if (!progress || progress.done === 0) {
    return { perMinute: null, secondsLeft: finished ? 0 : null };
  }
  const seconds = Math.max(1, (until.getTime() - startedAt.getTime()) / 1000);
  const perSecond = progress.done / seconds;
  const perMinute = Math.round(perSecond * 60 * 10) / 10;
  if (finished) return { perMinute, secondsLeft: 0 };
  const left = Math.max(0, progress.total - progress.done);
  return { perMinute, secondsLeft: Math.ceil(left / perSecond) };
}
