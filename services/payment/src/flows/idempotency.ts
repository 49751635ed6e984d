import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, conflict, inFlight } from '@pawfresh/kit';
import {
  claimKey,
  completeKey,
  findKey,
  releaseKey,
  renewLease,
  takeOverKey,
} from '../db/idempotency-store.js';
import { requestFingerprint } from '../rules/idempotency-keys.js';
import type { PaymentContext } from './context.js';

/**
 * How long a duplicate waits for the first request before it is told the key is in flight (409,
 * type `in_flight`: ask again); shorter than a caller's timeout, so the caller hears it.
 */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 20;
const MAX_POLL_MS = 250;

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
 * that arrives while the first is still working waits a little for its answer, then is told the
 * key is in flight (409 `in_flight`: ask again).
 *
 * A claim is held under a lease its holder renews while it works. A claim whose holder is gone
 * (its lease ran out, or it was an earlier start of this process) is taken over and the work run
 * again: every flow resumes from what it recorded and sends the provider the same key, so the
 * provider answers its first attempt instead of moving money again.
 *
 * Answers below 500 are kept, refusals and declines included. A 5xx (the provider unreachable)
 * releases the key, so the caller can retry with it.
 */
export async function idempotent<T>(
  ctx: Pick<PaymentContext, 'db' | 'clock' | 'claims' | 'log'>,
  claim: { scope: string; caller: CallerKey; request: object },
  work: () => Promise<T>,
): Promise<T> {
  const { db, clock, claims } = ctx;
  const id = { scope: claim.scope, key: claim.caller.key };
  const requestHash = requestFingerprint(claim.request);
  const started = Date.now();
  for (let poll = POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
    if (await claimKey(db, id, requestHash, claims, clock.now())) break;
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
    if (await takeOverKey(db, id, requestHash, claims)) {
      ctx.log.warn(
        { scope: id.scope, key: id.key, from: first.holder },
        'Took over a payment request whose process is gone: resuming it',
      );
      break;
    }
    if (Date.now() - started > WAIT_FOR_FIRST_MS) {
      throw inFlight(
        `A request with Idempotency-Key ${id.key} is still being processed: ask again with the same key shortly`,
      );
    }
    await sleep(poll);
  }

  const renewing = setInterval(
    () => void renewLease(db, id, claims).catch(() => undefined),
    Math.max(1_000, Math.floor(claims.leaseMs / 3)),
  );
  renewing.unref();
  const finish = (stored: Stored, status: number) =>
    completeKey(db, id, { status, body: JSON.stringify(stored) }, clock.now());
  try {
    const body = await work();
    await finish({ kind: 'result', body }, 200);
    return body;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500 && err.options.type !== 'in_flight') {
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
      await releaseKey(db, id, claims.holder);
    }
    throw err;
  } finally {
    clearInterval(renewing);
  }
}

/** Runs `work` under the caller's key when there is one (a key is optional there). */
export const idempotentIfKeyed = <T>(
  ctx: Pick<PaymentContext, 'db' | 'clock' | 'claims' | 'log'>,
  claim: { scope: string; caller: CallerKey | undefined; request: object },
  work: () => Promise<T>,
): Promise<T> =>
  claim.caller ? idempotent(ctx, { ...claim, caller: claim.caller }, work) : work();
