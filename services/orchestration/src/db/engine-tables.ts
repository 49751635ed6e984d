import { sql } from '@pawfresh/db/orm';
import type { DatabaseConnection } from '@pawfresh/db';

/** The engine's tables (DBOS's, in schema `orchestration`), read for operators' metrics only. */
type EngineDb = ReturnType<DatabaseConnection['forSchema']>;

export interface RunCount {
  name: string;
  status: string;
  count: number;
}

export interface QueueCount {
  queue: string;
  status: string;
  count: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Workflow runs started in the last `sinceMs` by workflow name and status (DBOS's statuses:
 * PENDING, ENQUEUED, SUCCESS, ERROR, CANCELLED, MAX_RECOVERY_ATTEMPTS_EXCEEDED). Bounded by age so
 * a scrape reads a day's rows through the created_at index, not the whole history.
 */
export async function recentRunCounts(
  db: EngineDb,
  now: Date,
  sinceMs: number,
): Promise<RunCount[]> {
  const result = await db.execute(
    sql`select name, status, count(*)::int as count from orchestration.workflow_status
         where created_at >= ${now.getTime() - sinceMs} group by name, status`,
  );
  return rowsOf<RunCount>(result);
}

/** Runs waiting on or running from each DBOS queue (ENQUEUED, PENDING), whatever their age. */
export async function queueDepths(db: EngineDb): Promise<QueueCount[]> {
  const result = await db.execute(
    sql`select queue_name as queue, status, count(*)::int as count
          from orchestration.workflow_status
         where queue_name is not null and status in ('ENQUEUED', 'PENDING')
         group by queue_name, status`,
  );
  return rowsOf<QueueCount>(result);
}
