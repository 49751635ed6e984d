import { Gauge, type Clock, type Registry } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { queueDepths, recentRunCounts } from '../db/engine-tables.js';

/** The window `pawfresh_workflow_runs` counts: a day of runs, read through an index. */
const RUNS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The workflow engine's metrics, read from its tables when scraped (ADR 017): the same figures in
 * every process sharing the database, so a dashboard takes their max, not their sum.
 */
export function registerEngineMetrics(
  registry: Registry,
  database: DatabaseConnection,
  clock: Clock,
): void {
  const db = database.forSchema({});
  new Gauge({
    name: 'pawfresh_workflow_runs',
    help: 'Workflow runs started in the last 24 hours, by workflow name and status (all processes)',
    labelNames: ['name', 'status'],
    registers: [registry],
    async collect() {
      const counts = await recentRunCounts(db, clock.now(), RUNS_WINDOW_MS);
      this.reset();
      for (const { name, status, count } of counts) this.set({ name, status }, count);
    },
  });
  new Gauge({
    name: 'pawfresh_workflow_queue_depth',
    help: 'Runs of each workflow queue waiting (ENQUEUED) or running (PENDING), all processes',
    labelNames: ['queue', 'status'],
    registers: [registry],
    async collect() {
      const depths = await queueDepths(db);
      this.reset();
      for (const { queue, status, count } of depths) this.set({ queue, status }, count);
    },
  });
}
