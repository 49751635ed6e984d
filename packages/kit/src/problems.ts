import { badRequest, HttpError, notFound } from './errors.js';
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

/** Whether another service answered this call with the given status. */
export const isCallStatus = (err: unknown, status: number): err is ServiceCallError =>
  err instanceof ServiceCallError && err.status === status;

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
      throw new HttpError(502, upstreamMessage(what), { type: 'upstream' });
    }
    throw err;
  }
}
