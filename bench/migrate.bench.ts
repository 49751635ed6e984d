/**
 * Migration benchmark (docs/migration.md "Performance"), on PostgreSQL (DATABASE_URL; skipped,
 * saying so, without it):
 *
 * 1. bulk-migrate of BENCH_CUSTOMERS (default 1000) legacy customers of
 *    phase2_low_engagement_customers through the real server (every service in one process, in a
 *    database of its own with the generated legacy data): customers per second.
 * 2. The same customers, reverted, then created again through the import routes directly
 *    (identity, dogs, subscription, payment, past orders; 8 at once, as the queue runs them), without the
 *    workflow: customers per second, and the ratio of the two (target >= 0.85, issue 29).
 * 3. The process's peak resident memory.
 */
import pg from 'pg';
import type { LegacyUserData, LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Dog, DogMetadata } from '@pawfresh/contracts/dogs';
import type { Product } from '@pawfresh/contracts/product';
import { planMigration } from '../services/orchestration/src/rules/legacy-migration.js';
import { originOf, positiveInt, showRatio, startRealServer } from './lib.js';

const CUSTOMERS = positiveInt('BENCH_CUSTOMERS', 1000);
const CONCURRENCY = 8;
const COHORT = 'phase2_low_engagement_customers';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('migrate.bench: skipped, it runs on PostgreSQL only: set DATABASE_URL');
  process.exit(0);
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const name = `pawfresh_bench_migrate_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

console.log(`Starting the server on a new database (${name}) with the generated legacy data…`);
const server = await startRealServer();
const origin = originOf(server.app);
const headers = server.serviceHeaders;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

try {
  // 1. Through the workflow.
  // The run is started and then watched in the runs view: it outlasts an HTTP client's timeout.
  let started = performance.now();
  const workflowId = `bench-${Date.now()}`;
  void call<WorkflowRun>('POST', '/svc/orchestration/workflows/bulk-migrate', {
    cohort: COHORT,
    cohortLimit: CUSTOMERS,
    workflowId,
  }).catch(() => {});
  let run: WorkflowRun;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const res = await fetch(`${origin}/svc/orchestration/workflows/runs/${workflowId}`, {
      headers,
    });
    if (!res.ok) continue;
    run = (await res.json()) as WorkflowRun;
    if (run.status !== 'PENDING' && run.status !== 'ENQUEUED') break;
  }
  const workflowSeconds = (performance.now() - started) / 1000;
  if (run.status !== 'SUCCESS' || !run.progress)
    throw new Error(`bulk-migrate ended ${run.status}`);
  const { progress } = run;
  const workflowRate = progress.done / workflowSeconds;
  console.log(
    `bulk-migrate: ${progress.done} customers in ${workflowSeconds.toFixed(1)} s = ${workflowRate.toFixed(1)}/s ` +
      `(migrated ${progress.byStatus.migrated}, error ${progress.byStatus.error})`,
  );

  // Where a customer's time goes: each step's mean duration (the engine's step table), and each
  // customer's time in the queue and running.
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const steps = await db.query<{ name: string; n: string; mean: string; total: string }>(
    `select function_name as name, count(*) as n,
            round(avg(completed_at_epoch_ms - started_at_epoch_ms)) as mean,
            round(sum(completed_at_epoch_ms - started_at_epoch_ms) / 1000.0, 1) as total
       from orchestration.operation_outputs
      where workflow_uuid like $1 and completed_at_epoch_ms is not null
      group by function_name order by sum(completed_at_epoch_ms - started_at_epoch_ms) desc`,
    [`${workflowId}:%`],
  );
  const [child] = (
    await db.query<{ queued: string; running: string }>(
      `select round(avg(started_at_epoch_ms - created_at)) as queued,
              round(avg(updated_at - started_at_epoch_ms)) as running
         from orchestration.workflow_status where workflow_uuid like $1`,
      [`${workflowId}:%`],
    )
  ).rows;
  await db.end();
  console.log(
    `per customer (mean): ${child?.queued} ms queued, ${child?.running} ms running\nstep                          count  mean ms  total s`,
  );
  for (const r of steps.rows) {
    console.log(
      `${r.name.padEnd(30)}${r.n.padStart(5)}${r.mean.padStart(9)}${r.total.padStart(9)}`,
    );
  }

  // Every customer the run migrated (a page holds at most 1,000).
  const emails: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await call<LegacyUserPage>(
      'GET',
      `/svc/legacy/legacy-user-emails?cohort=${COHORT}&migrationStatus=migrated&orderBy=id&direction=asc&offset=${offset}&limit=1000`,
    );
    emails.push(...page.data.map((u) => u.email));
    if (page.data.length < 1000) break;
  }

  // 2. The same customers removed, then made again through the import routes directly.
  const revertId = `bench-revert-${Date.now()}`;
  void call('POST', '/svc/orchestration/workflows/bulk-revert-migrate', {
    cohort: COHORT,
    cohortLimit: 5000,
    workflowId: revertId,
  }).catch(() => {});
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const res = await fetch(`${origin}/svc/orchestration/workflows/runs/${revertId}`, { headers });
    if (res.ok && ((await res.json()) as WorkflowRun).status === 'SUCCESS') break;
  }
  const metadata = await call<DogMetadata>('GET', '/svc/dogs/dogs/metadata');
  const products = await call<Product[]>('GET', '/svc/product/api/v1/products?type=meal');
  const catalogue = {
    breeds: metadata.breeds,
    meals: products.flatMap((p) => {
      const meal = p.metadata.find((m) => m.metaKey === 'meal')?.metaValue;
      return meal && p.variants[0]
        ? [
            {
              meal: String(meal).toLowerCase(),
              productId: p.id,
              productVariantId: p.variants[0].id,
            },
          ]
        : [];
    }),
  };
  started = performance.now();
  await inParallel(emails, async (email) => {
    const data = await call<LegacyUserData>('POST', '/svc/legacy/get-legacy-user-data', {
      email,
    });
    const planned = planMigration(data, catalogue);
    if (!('plan' in planned)) throw new Error(planned.problems.join('; '));
    const { plan } = planned;
    const user = await call<{ id: string }>('POST', '/svc/identity/identity/migration', plan.user);
    const animals = new Map<number, string>();
    for (const d of plan.dogs) {
      const dog = await call<Dog>('POST', '/svc/dogs/dogs/migration', {
        userId: user.id,
        legacyPetId: d.legacyPetId,
        dog: d.dog,
        mealProductIds: d.mealProductIds,
      });
      animals.set(d.legacyPetId, dog.identifier);
    }
    if (plan.subscription) {
      const sub = plan.subscription;
      await call('POST', '/svc/subscription/subscriptions/migration', {
        userId: user.id,
        status: sub.status,
        legacySubscriptionId: sub.legacySubscriptionId,
        cadenceInWeeks: sub.cadenceInWeeks,
        preferredDeliverySlotId: sub.preferredDeliverySlotId,
        feedingPlans: plan.dogs.flatMap((d) =>
          d.feeding
            ? [
                {
                  animalId: animals.get(d.legacyPetId),
                  type: sub.type,
                  currentDailyServingSizeInGrams: d.feeding.grams,
                  skus: d.feeding.skus,
                },
              ]
            : [],
        ),
      });
    }
    if (plan.providerCustomerId) {
      await call('POST', '/svc/payment/migration', {
        userId: user.id,
        providerCustomerId: plan.providerCustomerId,
        createdBy: 'bench',
      });
    }
    if (plan.pastOrders) {
      await call('POST', '/svc/order/api/v1/orders/migration', {
        userId: user.id,
        ...plan.pastOrders,
        createdBy: 'bench',
      });
    }
  });
  const directSeconds = (performance.now() - started) / 1000;
  const directRate = emails.length / directSeconds;
  console.log(
    `import routes directly: ${emails.length} customers in ${directSeconds.toFixed(1)} s = ${directRate.toFixed(1)}/s`,
  );
  console.log(
    `workflow / direct: ${showRatio(workflowRate / directRate)} (target >= 0.85); peak RSS ${(peakRss / 1048576).toFixed(0)} MiB`,
  );
} finally {
  clearInterval(sampler);
  await server.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
