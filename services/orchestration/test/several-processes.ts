import { expect } from 'vitest';
import pg from 'pg';
import type { Order } from '@pawfresh/contracts/order';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import {
  client,
  freePort,
  runEnded,
  waitFor,
  type CrashServers,
  type Server,
} from './crash-server.js';

/** The recovery settings of a process among several: its own name, dead processes looked for each second. */
export const processEnv = (name: string, extra: Record<string, string> = {}) => ({
  WORKFLOW_EXECUTOR_ID: name,
  WORKFLOW_RECOVERY_INTERVAL_MS: '1000',
  ...extra,
});

/**
 * generate-orders started on a process of its own whose steps are slow (so a stop lands with the
 * run's batch in flight), once its first batch is running: the run's id and the process, for the
 * test to kill or stop.
 */
export async function generationInFlight(
  api: CrashServers,
  name: string,
  stepDelayMs: number,
): Promise<{ workflowId: string; process: Server }> {
  const process = await api.started(
    processEnv(name, { WORKFLOW_STEP_DELAY_MS: String(stepDelayMs) }),
    await freePort(),
  );
  const workflowId = `${name}-${Date.now()}`;
  const on = client(() => process.base);
  void on
    .request('POST', '/svc/orchestration/workflows/generate-orders', { workflowId })
    .catch(() => undefined);
  await waitFor(
    `the batch of ${workflowId} to be in flight`,
    async () => ((await on.run(`${workflowId}:batch-0`))?.status === 'PENDING' ? true : undefined),
    120_000,
  );
  return { workflowId, process };
}

/** Each subscription's orders once per index, every index from 0, at least `atLeast` of them. */
export async function expectOrdersOncePerIndex(
  on: ReturnType<typeof client>,
  subscriptions: readonly string[],
  atLeast = 1,
): Promise<void> {
  for (const id of subscriptions) {
    const { data } = await on.get<{ data: Order[] }>(
      `/svc/order/api/v1/orders?subscriptionId=${id}&orderBy=deliveryDate&limit=100`,
    );
    const indexes = data.map((o) => o.subscriptionOrderIndex);
    expect(indexes).toEqual(indexes.map((_, i) => i));
    expect(data.length).toBeGreaterThanOrEqual(atLeast);
  }
}

/** Which process a run belongs to and its status, as the engine's table has them. */
export async function engineRowOf(
  databaseUrl: string,
  workflowId: string,
): Promise<{ executor_id: string; status: string }> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ executor_id: string; status: string }>(
      'select executor_id, status from orchestration.workflow_status where workflow_uuid = $1',
      [workflowId],
    );
    return rows[0]!;
  } finally {
    await sql.end();
  }
}

/**
 * A dead process's run finished by the survivor within 60 s of the kill (`killedAt`), SUCCESS,
 * and now the survivor's: the run, and how long after the kill it ended.
 */
export async function finishedBySurvivor(
  survivor: { on: ReturnType<typeof client>; name: string },
  workflowId: string,
  killedAt: number,
  databaseUrl: string,
): Promise<{ run: WorkflowRun; finishedIn: number }> {
  const run = await runEnded(survivor.on, workflowId, 90_000);
  const finishedIn = Date.now() - killedAt;
  expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
  expect(finishedIn).toBeLessThan(60_000);
  expect((await engineRowOf(databaseUrl, workflowId)).executor_id).toBe(survivor.name);
  return { run, finishedIn };
}
