import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from '@pawfresh/db/orm';
import { HttpError, badRequest, conflict, type Clock } from '@pawfresh/kit';
import { idempotencyKeys } from '../db/schema.js';
import type { PaymentDb } from '../db/payment-db.js';

/** The request header every charge, capture and refund must carry (docs/payments.md). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a duplicate waits for the first request before it is told to try again. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;

/** Reads the caller's key; `required` refuses a request without one. */
export function idempotencyKeyOf(request: FastifyRequest, required: true): string;
export function idempotencyKeyOf(request: FastifyRequest, required: false): string | undefined;
export function idempotencyKeyOf(request: FastifyRequest, required: boolean): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) {
    if (required) throw badRequest('Idempotency-Key header is required');
    return undefined;
  }
  if (value.length > 255 || !/^[\x21-\x7e]+$/.test(value)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return value;
}

/** Same JSON whatever the order of object keys, so a re-sent body hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
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

function replay<T>(stored: Stored, reply: FastifyReply): T {
  reply.header('idempotent-replayed', 'true');
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
  db: PaymentDb,
  clock: Clock,
  reply: FastifyReply,
  claim: { scope: string; key: string; request: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const requestHash = createHash('sha256').update(canonical(claim.request)).digest('hex');
  const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const started = Date.now();
  for (;;) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope: claim.scope, key: claim.key, requestHash, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) break;
    const [first] = await db.select().from(idempotencyKeys).where(where);
    if (!first) continue; // released by a failed first attempt: claim it now
    if (first.requestHash !== requestHash) {
      throw conflict(
        `Idempotency-Key ${claim.key} was already used with a different request: use a new key for a new request`,
      );
    }
    if (first.responseBody !== null)
      return replay<T>(JSON.parse(first.responseBody) as Stored, reply);
    if (Date.now() - started > WAIT_FOR_FIRST_MS) {
      throw conflict(
        `A request with Idempotency-Key ${claim.key} is still being processed: try again shortly`,
      );
    }
    await sleep(POLL_MS);
  }

  const finish = async (stored: Stored, status: number) => {
    await db
      .update(idempotencyKeys)
      .set({
        responseStatus: status,
        responseBody: JSON.stringify(stored),
        completedAt: clock.now(),
      })
      .where(where);
  };
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
      await db.delete(idempotencyKeys).where(where);
    }
    throw err;
  }
}

/** The key the provider gets: ours, namespaced so one caller key never clashes across operations. */
export const providerKey = (scope: string, key: string) => `pawfresh:${scope}:${key}`;
