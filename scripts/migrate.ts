/**
 * Bulk migration from a terminal (docs/migration.md "From a terminal"):
 *   npm run migrate -- --cohort phase1_staff --limit 100
 *   npm run migrate -- --cohort phase1_staff --revert
 * Starts bulk-migrate (or bulk-revert-migrate) on the running server, shows its progress as a bar
 * while it runs (from GET /workflows/runs/{id}), and ends with a summary table and the errors.
 * Settings: SERVICE_TOKEN (the service credentials), ORCHESTRATION_URL (default
 * http://127.0.0.1:$PORT/svc/orchestration, PORT 3000).
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { BulkProgress } from '@pawfresh/contracts/orchestration-migration';

const { values } = parseArgs({
  options: {
    cohort: { type: 'string' },
    limit: { type: 'string', default: '1000' },
    revert: { type: 'boolean', default: false },
    'workflow-id': { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const token = process.env.SERVICE_TOKEN ?? fail('Set SERVICE_TOKEN to the service credentials');
const base =
  process.env.ORCHESTRATION_URL ??
  `http://127.0.0.1:${process.env.PORT ?? '3000'}/svc/orchestration`;
if (!values.cohort)
  fail('Say which cohort: --cohort phase1_staff or phase2_low_engagement_customers');
const cohortLimit = Number(values.limit);
const workflow = values.revert ? 'bulk-revert-migrate' : 'bulk-migrate';
const workflowId = values['workflow-id'] ?? `cli-${workflow}-${values.cohort}-${Date.now()}`;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const bar = new cliProgress.SingleBar(
  {
    format: `${workflow} ${values.cohort} [{bar}] {percentage}% | {value}/{total} customers | migrated {migrated} | unmigrated {unmigrated} | error {error} | skipped {skipped}`,
    hideCursor: true,
  },
  cliProgress.Presets.shades_classic,
);
const payload = (p: BulkProgress) => ({ ...p.byStatus, skipped: p.skipped });

let started = false;
const show = (p: BulkProgress) => {
  if (!started) {
    bar.start(Math.max(p.total, 1), p.done, payload(p));
    started = true;
  } else {
    bar.setTotal(Math.max(p.total, 1));
    bar.update(p.done, payload(p));
  }
};

// The run is answered at once (202) and followed in the runs view until it ends.
const res = await fetch(`${base}/workflows/${workflow}`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ cohort: values.cohort, cohortLimit, workflowId }),
}).catch((err: Error) => fail(`The server did not answer: ${err.message}`));
if (!res.ok) {
  const refused = (await res.json().catch(() => ({}))) as { message?: string | string[] };
  fail(`${res.status}: ${[refused.message].flat().join('; ')}`);
}

process.stdout.write(`Run ${workflowId} (GET ${base}/workflows/runs/${workflowId})\n`);
let run = (await res.json()) as WorkflowRun;
while (run.status !== 'SUCCESS' && run.status !== 'ERROR') {
  if (run.progress) show(run.progress);
  await new Promise((r) => setTimeout(r, 500));
  const next = await fetch(`${base}/workflows/runs/${workflowId}`, { headers }).catch(
    () => undefined,
  );
  if (next?.ok) run = (await next.json()) as WorkflowRun;
}
if (run.progress) show(run.progress);
bar.stop();
if (run.status === 'ERROR' || !run.progress) {
  fail(`The run ended in error: ${run.error?.message ?? 'no progress was recorded'}`);
}

const body = { cohort: values.cohort };
const { progress } = run;
const { progress } = body;
console.log(
  `\n${workflow} of ${body.cohort}: ${progress.done} of ${progress.total} customers done`,
);
console.table({
  ...Object.fromEntries(Object.entries(progress.byStatus).map(([k, v]) => [k, { customers: v }])),
  'skipped (another run had them)': { customers: progress.skipped },
});
if (progress.errors.length) {
  console.log(`Errors (${progress.errors.length}):`);
  console.table(
    progress.errors
      .slice(0, 50)
      .map((e) => ({ legacyId: e.legacyId, email: e.email, error: e.error })),
  );
  if (progress.errors.length > 50) console.log(`… and ${progress.errors.length - 50} more`);
}
