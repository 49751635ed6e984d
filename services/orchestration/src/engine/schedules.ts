import { DBOS } from '@dbos-inc/dbos-sdk';
import type { WorkflowSchedules } from '@pawfresh/contracts/orchestration-billing';

/** A workflow the engine starts on a cron schedule, with the time it was due. */
export type ScheduledWorkflow = (scheduledDate: Date, context: unknown) => Promise<void>;

/** One configured schedule (settings: docs/workflows.md "Schedules"). */
export interface ConfiguredSchedule {
  scheduleName: string;
  workflow: ScheduledWorkflow;
  /** Cron: minute hour day month weekday. */
  schedule: string;
  cronTimezone: string;
}

/** Whether this process runs scheduled ticks (settings: `WORKFLOW_SCHEDULES`). */
let schedulesOn = true;

/**
 * Turns this process's scheduled ticks on or off, before launch. Off, a tick of a schedule that
 * exists in the database (made by an earlier start with schedules on) runs nothing.
 */
export function setSchedulesOn(on: boolean): void {
  schedulesOn = on;
}

/** Registers a scheduled workflow under its name, before launch; it runs only with schedules on. */
export const registerScheduled = (name: string, run: ScheduledWorkflow): ScheduledWorkflow =>
  DBOS.registerWorkflow(
    async (scheduledDate: Date, context: unknown) => {
      if (schedulesOn) await run(scheduledDate, context);
    },
    { name },
  );

const applied = (configured: readonly ConfiguredSchedule[]) =>
  DBOS.applySchedules(
    configured.map((s) => ({
      scheduleName: s.scheduleName,
      workflowFn: s.workflow,
      schedule: s.schedule,
      cronTimezone: s.cronTimezone,
    })),
  );

/** At start: creates the configured schedules that do not exist yet (a paused one stays paused). */
export async function ensureSchedules(configured: readonly ConfiguredSchedule[]): Promise<void> {
  const existing = new Set((await DBOS.listSchedules()).map((s) => s.scheduleName));
  const missing = configured.filter((s) => !existing.has(s.scheduleName));
  if (missing.length) await applied(missing);
}

/**
 * reset-temporal-schedules: every configured schedule as configured (active, its cron and zone),
 * and every other schedule of this application deleted.
 */
export async function resetSchedules(
  configured: readonly ConfiguredSchedule[],
): Promise<WorkflowSchedules> {
  const names = new Set(configured.map((s) => s.scheduleName));
  const removed: string[] = [];
  for (const s of await DBOS.listSchedules()) {
    if (!names.has(s.scheduleName)) {
      await DBOS.deleteSchedule(s.scheduleName);
      removed.push(s.scheduleName);
    }
  }
  await applied(configured);
  for (const s of configured) await DBOS.resumeSchedule(s.scheduleName);
  const schedules = (await DBOS.listSchedules())
    .filter((s) => names.has(s.scheduleName))
    .map((s) => ({
      scheduleName: s.scheduleName,
      workflowName: s.workflowName,
      schedule: s.schedule,
      cronTimezone: s.cronTimezone,
      status: s.status,
    }));
  return { schedules, removed };
}
