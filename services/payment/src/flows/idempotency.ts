import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, conflict } from '@pawfresh/kit';
import { claimKey, completeKey, findKey, releaseKey } from '../db/idempotency-store.js';
import { requestFingerprint } from '../rules/idempotency-keys.js';
import type { PaymentContext } from './context.js';

/** How long a duplicate waits for the first request before it is told to try again. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;

/** The caller's Idempotency-Key, and how to tell the caller an answer is a replay. */
export interface CallerKey {
  key: string;
  onReplay: () => void;
}

type Stored =
  | { kind: 'result'; body: unknown }
  | {
      kind: 'error';
      statusCode: number;
      message: string | string[];
      type?: string;
      details?: unknown;
    };

function replay<T>(stored: Stored, caller: CallerKey): T {
  caller.onReplay();
  if (stored.kind === 'error') {
    throw new HttpError(stored.statusCode, stored.message, {
      ...(stored.type ? { type: stored.type } : {}),
      ...(stored.details !== undefined ? { details: stored.details } : {}),
    });
  }
  return stored.body as T;
}

/**
 * Runs `work` once per (scope, key). The key is claimed first in its own committed insert (the
 * primary key makes a concurrent duplicate see the claim, on PostgreSQL by waiting for the
 * inserting transaction), and the answer is stored when the work ends: every later request with
 * the key gets that answer (status and body) again; one with a different request is a 409; one
 * that arrives while the first is still working waits for its answer.
 *
 * Answers below 500 are kept, refusals and declines included. A 5xx (the provider unreachable,
 * a crash) releases the key, so the caller can retry with it; the work passes the same key to the
 * provider, which then finds its first attempt rather than charging again.
 */
export async function idempotent<T>(
  ctx: Pick<PaymentContext, 'db' | 'clock'>,
  claim: { scope: string; caller: CallerKey; request: object },
  work: () => Promise<T>,
): Promise<T> {
  const { db, clock } = ctx;
  const id = { scope: claim.scope, key: claim.caller.key };
  const requestHash = requestFingerprint(claim.request);
  const started = Date.now();
  for (;;) {
    if (await claimKey(db, id, requestHash, clock.now())) break;
    const first = await findKey(db, id);
    if (!first) continue; // released by a failed first attempt: claim it now
    if (first.requestHash !== requestHash) {
      throw conflict(
        `Idempotency-Key ${id.key} was already used with a different request: use a new key for a new request`,
      );
    }
    if (first.responseBody !== null) {
      return replay<T>(JSON.parse(first.responseBody) as Stored, claim.caller);
    }
    if (Date.now() - started > WAIT_FOR_FIRST_MS) {
      throw conflict(
        `A request with Idempotency-Key ${id.key} is still being processed: try again shortly`,
      );
    }
    await sleep(POLL_MS);
  }

  const finish = (stored: Stored, status: number) =>
    completeKey(db, id, { status, body: JSON.stringify(stored) }, clock.now());
  try {
    const body = await work();
    await finish({ kind: 'result', body }, 200);
    return body;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      await finish(
        {
          kind: 'error',
          statusCode: err.statusCode,
          message: err.messages,
          ...(err.options.type ? { type: err.options.type } : {}),
          ...(err.options.details !== undefined ? { details: err.options.details } : {}),
        },
        err.statusCode,
      );
    } else {
      await releaseKey(db, id);
    }
    throw err;
  }
}

/** Runs `work` under the caller's key when there is one (a key is optional there). */
export const idempotentIfKeyed = <T>(
  ctx: Pick<PaymentContext, 'db' | 'clock'>,
  claim: { scope: string; caller: CallerKey | undefined; request: object },
  work: () => Promise<T>,
): Promise<T> =>
  claim.caller ? idempotent(ctx, { ...claim, caller: claim.caller }, work) : work();
