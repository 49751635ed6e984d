import { badRequest, HttpError, notFound, UNAVAILABLE } from './errors.js';
import { ServiceCallError } from './client.js';

/** Something wrong with a request that the schema alone cannot see, with where it is. */
export interface InputProblem {
  path: (string | number)[];
  message: string;
  code: string;
}

/** Refuses a request with every problem found, in the envelope the schema errors use. */
export function refuseIfAny(problems: readonly InputProblem[]): void {
  if (problems.length === 0) return;
  throw badRequest(
    problems.map((p) => p.message),
    problems.map((p) => ({ in: 'body', path: p.path.map(String), code: p.code })),
  );
}

/** `feedingPlans[0].skus[1]` from a path. */
export const pathText = (path: readonly (string | number)[]) =>
  path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part,
    '',
  );

/**
 * Another service's refusal of a call: what it answered on purpose, a 4xx in the services' error
 * envelope. The one way to read it (by status and `type`, never by its words): refusalOf,
 * isRefused and passRefusals.
 */
export interface Refusal {
  status: number;
  /** The envelope's machine-readable `type` (`not_found`, `conflict`, `too_late`, …), if sent. */
  type: string | undefined;
  /** Its words, for a person. */
  message: string;
  /** The envelope's `details`, if sent (a declined charge's paymentId, a field's path). */
  details: unknown;
}

/**
 * The refusal a failed call carries; `undefined` when it was not refused: a failure on the other
 * side (5xx) or no answer, an Idempotency-Key still in flight (ask again), or not a call at all.
 */
export function refusalOf(err: unknown): Refusal | undefined {
  if (!(err instanceof ServiceCallError) || err.status < 400 || err.status >= 500) return undefined;
  const body = err.body as { type?: unknown; details?: unknown } | null | undefined;
  if (body?.type === 'in_flight') return undefined;
  return {
    status: err.status,
    type: typeof body?.type === 'string' ? body.type : undefined,
    message: ServiceCallError.describe(err.body) ?? 'The request was refused',
    details: body?.details,
  };
}

/** Whether another service refused this call with the status (and the `type`, when given). */
export const isRefused = (err: unknown, status: number, type?: string): boolean => {
  const refusal = refusalOf(err);
  return refusal?.status === status && (type === undefined || refusal.type === type);
};

/** Whether another service answered this call with the given status. */
export const isCallStatus = (err: unknown, status: number): err is ServiceCallError =>
  err instanceof ServiceCallError && err.status === status;

/** The `type` a refusal is passed on with when the other service sent none. */
const typeByStatus: Record<number, string> = {
  400: 'validation',
  402: 'payment_required',
  404: 'not_found',
  409: 'conflict',
};

/**
 * Runs a call to another service and answers its refusal as this service's own: the same status
 * (400, 402, 404 and 409; a 422 becomes a 400) with its `type` and words, or the words given for
 * that status. Another service's 401 or 403 is about our credentials, not the caller's request: it
 * stays an error (the kit's 502). A failure on the other side or no answer is `upstream`'s 502.
 */
export async function passRefusals<T>(
  what: string,
  call: () => Promise<T>,
  words: Partial<Record<400 | 402 | 404 | 409, string>> = {},
): Promise<T> {
  return upstream(what, async () => {
    try {
      return await call();
    } catch (err) {
      const refusal = refusalOf(err);
      const status = refusal?.status === 422 ? 400 : refusal?.status;
      if (!refusal || status === undefined || !(status in typeByStatus)) throw err;
      const type = refusal.status === 422 ? 'validation' : (refusal.type ?? typeByStatus[status]);
      throw new HttpError(status, words[status as 400] ?? refusal.message, { type });
    }
  });
}

/**
 * Whether `err` is another service's refusal with this status (and type, when given) as
 * `passRefusals` passes it on: the one way to read it after passRefusals, as `isRefused` reads it
 * before.
 */
export const isPassedRefusal = (err: unknown, status: number, type?: string): err is HttpError =>
  err instanceof HttpError &&
  err.statusCode === status &&
  (type === undefined || err.options.type === type);

/**
 * Whether another service answered 503 `unavailable` (its database restarting or failing over,
 * nothing about the request: ask again in a moment), seen through the errors wrapping it.
 */
export function isUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (
      e instanceof ServiceCallError &&
      e.status === 503 &&
      (e.body as { type?: unknown } | null)?.type === UNAVAILABLE
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether another service said the same Idempotency-Key is still being worked on: ask again. */
export const isInFlight = (err: unknown): err is ServiceCallError =>
  isCallStatus(err, 409) &&
  typeof err.body === 'object' &&
  err.body !== null &&
  (err.body as { type?: unknown }).type === 'in_flight';

/**
 * Runs a call to another service and turns its 404 into ours, with our words (or into `undefined`
 * when `message` is omitted), so a caller never says more than "not found" about another
 * customer's things.
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T | undefined>;
export async function orNotFound<T>(call: Promise<T>, message: string): Promise<T>;
export async function orNotFound<T>(call: Promise<T>, message?: string): Promise<T | undefined> {
  try {
    return await call;
  } catch (err) {
    if (!isCallStatus(err, 404)) throw err;
    if (message === undefined) return undefined;
    throw notFound(message);
  }
}

/** The words of a 502: what could not be done, and what to do. */
export const upstreamMessage = (what: string) =>
  `${what} is not possible just now; try again in a minute`;

/**
 * Runs a call to another service; when it fails on that service's side (or does not answer), the
 * caller gets a 502 that says what could not be done. The kit answers any other unhandled failed
 * call with a generic 502 too; this one names the step.
 */
export async function upstream<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ServiceCallError && (err.status === 0 || err.status >= 500)) {
      throw new HttpError(502, upstreamMessage(what), { type: 'upstream' }, err);
    }
    throw err;
  }
}
