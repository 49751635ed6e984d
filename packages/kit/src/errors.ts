import { z } from 'zod';

/** Reason phrases used in the `error` field of the service envelope (NestJS style). */
export const reasonPhrase: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The services' generic error response (services.md §3 "Generic error response"). */
export const serviceErrorSchema = z
  .object({
    message: z.union([z.string(), z.array(z.string())]),
    error: z.string().optional(),
    statusCode: z.number().int(),
    type: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ServiceError' });
export type ServiceErrorBody = z.infer<typeof serviceErrorSchema>;

/** The customer API's simple error envelope (customer-app.md §8). */
export const customerErrorSchema = z.object({ error: z.string() }).meta({ id: 'CustomerError' });
export type CustomerErrorBody = z.infer<typeof customerErrorSchema>;

/**
 * An error a handler throws on purpose. Its message is shown to the caller as is, so it must be
 * written for a person ("Variant 3f… not found"), never an internal detail.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string | string[],
    readonly options: { type?: string; details?: unknown } = {},
    /** What failed underneath (another service's answer), for whoever decides on a retry. */
    cause?: unknown,
  ) {
    super(Array.isArray(message) ? message.join('; ') : message, { cause });
    this.messages = message;
  }
  readonly messages: string | string[];
}

export const badRequest = (message: string | string[], details?: unknown) =>
  new HttpError(400, message, { type: 'validation', details });
export const notFound = (message: string) => new HttpError(404, message, { type: 'not_found' });
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, message, { type: 'conflict', details });
/**
 * A request whose Idempotency-Key is being worked on by an earlier request that has not answered
 * yet: not a refusal but "ask again with the same key" (the type `in_flight` says so; the kit's
 * clients ask again by themselves, see client.ts).
 */
export const inFlight = (message: string) => new HttpError(409, message, { type: 'in_flight' });
export const forbidden = (message: string, details?: unknown) =>
  new HttpError(403, message, { type: 'forbidden', details });
export const unauthorized = (message: string) =>
  new HttpError(401, message, { type: 'unauthorized' });

export function serviceErrorBody(
  statusCode: number,
  message: string | string[],
  extra: { type?: string; details?: unknown } = {},
): ServiceErrorBody {
  return {
    message,
    error: reasonPhrase[statusCode] ?? 'Error',
    statusCode,
    ...(extra.type ? { type: extra.type } : {}),
    ...(extra.details !== undefined ? { details: extra.details } : {}),
  };
}

/** The `type` of a 503 answered while the service's database cannot be reached for a moment. */
export const UNAVAILABLE = 'unavailable';

/** PostgreSQL's SQLSTATEs of a connection lost or refused: class 08, and a server shutting down. */
const CONNECTION_STATES = /^(08...|57P01|57P02|57P03)$/;
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const CONNECTION_WORDS = [
  'Connection terminated',
  'is not queryable',
  'Cannot use a pool after calling end',
  'terminating connection due to administrator command',
];

/**
 * Whether a failure is the database being out of reach (restarting, failing over, the connection
 * cut) rather than anything about the request: it is worth asking again in a moment. Looks
 * through the error's causes (the ORM wraps the driver's error).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_STATES.test(code) || CONNECTION_CODES.has(code)))
      return true;
    if (typeof message === 'string' && CONNECTION_WORDS.some((w) => message.includes(w)))
      return true;
    e = cause;
  }
  return false;
}
