import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { CrashServers, settled, waitFor, type Server } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';

/**
 * The process killed (SIGKILL, by the payment service's fault hook, armed in the running process
 * through PAYMENT_FAULT_FILE) inside a call to the card provider that moves money — before the
 * provider hears of it, after the provider did it but before it is recorded, and after the record
 * but before the answer is kept — then started again: the workflow that made the call recovers on
 * its own, and the provider's books and ours agree. One file per kind of call
 * (payment-faults-*.test.ts), each with a database and server of its own, so the files run side by
 * side; this module is what they share.
 */
export const points = ['before-provider', 'after-provider', 'after-record'] as const;

/** Each call killed at each point this often (PAYMENT_FAULT_ROUNDS; 1 in CI, 9 for the notes' 27). */
const ROUNDS = Number(process.env.PAYMENT_FAULT_ROUNDS ?? 1);
export const rounds = Array.from({ length: ROUNDS }, (_, i) =>
  ROUNDS > 1 ? ` (round ${i + 1})` : '',
);

/** A file's database, servers, the users its cases made and how long each recovery took. */
export interface FaultSuite {
  setup: CrashServers;
  users: string[];
  recoveries: { name: string; ms: number }[];
}

/** The suite of a test file: a database and server made before its cases, removed after. */
export function faultSuite(): FaultSuite {
  const suite = { users: [], recoveries: [] } as unknown as FaultSuite;
  beforeAll(async () => {
    // The sandbox's webhooks delivered meanwhile: events land while calls are cut off and resumed.
    suite.setup = await CrashServers.create({
      WORKFLOW_STEP_DELAY_MS: '0',
      SANDBOX_EVENTS_INTERVAL_MS: '200',
    });
  }, 180_000);
  afterAll(async () => suite.setup?.close());
  return suite;
}

/**
 * Arms the fault and waits for the process to kill itself: `act` starts a workflow on the running
 * server (one is started if none runs) that reaches the call and names its run, or `{ recovers }`
 * names a run that a server started now recovers into the call (not waited for: it may die while
 * starting). The fault is disarmed once the process is dead, so the next start recovers the run.
 */
export async function dieInside(
  { setup }: FaultSuite,
  fault: string,
  act: (() => Promise<string>) | { recovers: string },
): Promise<string> {
  await setup.armFault(fault);
  const armed = typeof act === 'function' ? await setup.running() : setup.start();
  const died = new Promise<void>((resolve) => {
    if (armed.process.exitCode !== null || armed.process.signalCode !== null) resolve();
    else armed.process.once('exit', () => resolve());
  });
  const runId = typeof act === 'function' ? await act() : act.recovers;
  await waitFor(`the process to die at ${fault}`, async () =>
    armed.process.signalCode === 'SIGKILL' ? true : undefined,
  );
  await died;
  await setup.armFault(null);
  return runId;
}

/** dieInside, then the server started again, and the run waited for until it ends. */
export async function killInside(
  suite: FaultSuite,
  fault: string,
  act: (() => Promise<string>) | { recovers: string },
): Promise<{ run: WorkflowRun; server: Server }> {
  const runId = await dieInside(suite, fault, act);
  const server = await suite.setup.started();
  const restarted = Date.now();
  const run = await waitFor(`run ${runId} to end after ${fault}`, async () =>
    settled(await suite.setup.run(runId)),
  );
  suite.recoveries.push({ name: fault, ms: Date.now() - restarted });
  return { run, server };
}

/**
 * Another sign-up with the e-mail, written while no process runs (the account service is in the
 * process): the checkout's account is then refused after its payment.
 */
export async function takeEmail({ setup }: FaultSuite, email: string): Promise<void> {
  const db = await setup.open();
  try {
    await db.forSchema({}).execute(
      sql`insert into identity.users (id, email, password_hash, first_name, last_name, role, created_at, updated_at)
          values (${randomUUID()}::uuid, ${email.toLowerCase()}, 'x', 'Other', 'Person', 'customer', now(), now())`,
    );
  } finally {
    if (!setup.database) await db.close();
  }
}

/**
 * The file's last case: every server stopped, the provider's books and ours the same (no money
 * unrecorded, no hold, nothing in flight), one intent per user, `released` of the payments expired
 * (a held card let go) and every other one processed once (a refund keeps its payment processed).
 */
export async function booksAgree(suite: FaultSuite, released = 0): Promise<void> {
  const { setup, users, recoveries } = suite;
  await setup.stopAll();
  const db = await setup.open();
  try {
    const books = await readBooks(db, users);
    expect(differences(books)).toEqual([]);
    expect(books.intents).toHaveLength(users.length);
    expect(books.payments.filter((p) => p.status === 'processed').length).toBe(
      users.length - released,
    );
    expect(books.payments.filter((p) => p.status === 'expired')).toHaveLength(released);
  } finally {
    if (!setup.database) await db.close();
  }
  // Reported, not asserted (a figure, not a test): the note's p50 and max.
  const sorted = recoveries.map((r) => r.ms).sort((a, b) => a - b);
  process.stdout.write(
    `payment faults: ${recoveries.length} kills; recovery after restart p50 ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms\n`,
  );
}
