import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { CrashServers, freePort, stop, waitFor, type Server } from './crash-server.js';

/**
 * Issue 30's fault (b): 4 server processes on one PostgreSQL database, with order generation
 * scheduled every second, one of them killed (SIGKILL) half-way through and never started again.
 * Over the window every tick runs at most once across the processes, and at least 110 of every
 * 120 ticks run (FAULT_TICK_SECONDS, default 60 in CI, the issue's 120 with the same share).
 */
const WINDOW_SECONDS = Number(process.env.FAULT_TICK_SECONDS ?? 60);

let api: CrashServers;
beforeAll(async () => {
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0' });
}, 600_000);
afterAll(async () => api?.close());

describe('a per-second schedule on 4 processes, one killed', () => {
  it('runs each tick once, and nearly every tick', async () => {
    const servers: Server[] = [];
    const sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
    await sql.connect();
    try {
      for (let i = 0; i < 4; i++) {
        servers.push(
          await api.started(
            {
              WORKFLOW_EXECUTOR_ID: `ticks-${i}`,
              WORKFLOW_SCHEDULES: 'on',
              GENERATE_ORDERS_CRON: '* * * * * *',
              // A dead process's runs are taken over after 10 s of silence (the default is 60).
              WORKFLOW_RECOVERY_INTERVAL_MS: '1000',
            },
            await freePort(),
          ),
        );
      }
      const from = new Date(Date.now() + 2_000);
      from.setUTCMilliseconds(0);
      const to = new Date(from.getTime() + WINDOW_SECONDS * 1000);
      const ticks = async () =>
        (
          await sql.query<{ id: string; status: string }>(
            `select workflow_uuid as id, status from orchestration.workflow_status
              where name = 'daily-generate-orders'`,
          )
        ).rows
          .map((r) => ({ ...r, at: new Date(r.id.replace('sched-daily-generate-orders-', '')) }))
          .filter((r) => r.at >= from && r.at < to);

      // Half-way through the window, one process is killed and never comes back.
      await waitFor(
        'half the window',
        async () => (Date.now() >= from.getTime() + (WINDOW_SECONDS * 1000) / 2 ? true : undefined),
        WINDOW_SECONDS * 1000,
      );
      await stop(servers[1]!, 'SIGKILL');
      // The window's last tick is past, and every run in the window has ended.
      const runs = await waitFor(
        'the window to end and its runs to finish',
        async () => {
          if (Date.now() < to.getTime() + 2_000) return undefined;
          const rows = await ticks();
          return rows.every((r) => r.status === 'SUCCESS' || r.status === 'ERROR')
            ? rows
            : undefined;
        },
        (WINDOW_SECONDS + 120) * 1000,
      );
      const instants = runs.map((r) => r.at.getTime());
      // Each tick's run has the tick's instant as its id: one run per tick whatever the process.
      expect(new Set(instants).size).toBe(instants.length);
      expect(runs.length, `${runs.length} of ${WINDOW_SECONDS} ticks`).toBeGreaterThanOrEqual(
        Math.ceil((WINDOW_SECONDS * 110) / 120),
      );
      expect(runs.filter((r) => r.status !== 'SUCCESS')).toEqual([]);
      process.stdout.write(
        `schedule on 4 processes, one killed: ${runs.length} of ${WINDOW_SECONDS} ticks run, each once\n`,
      );
    } finally {
      await sql.end();
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  });
});
