import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceContract, EndpointDef, CallInput, EndpointOutput } from './contract.js';
import { fillPath } from './contract.js';
import { currentRequestId } from './request-context.js';
import { binaryReply, type BinaryReply } from './binary-reply.js';

/** A call to another service answered with an error status, or not answered at all. */
export class ServiceCallError extends Error {
  constructor(
    readonly service: string,
    readonly operation: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `${service}.${operation} answered ${status}: ${ServiceCallError.describe(body) ?? 'no message'}`,
    );
  }
  /** The message of a service or customer envelope, when there is one. */
  static describe(body: unknown): string | undefined {
    if (body && typeof body === 'object') {
      const b = body as { message?: unknown; error?: unknown };
      if (Array.isArray(b.message)) return b.message.join('; ');
      if (typeof b.message === 'string') return b.message;
      if (typeof b.error === 'string') return b.error;
    }
    return undefined;
  }
}

/**
 * What a call between services is answered with: a `fetch` Response over HTTP, or, in one process,
 * `injectFetch`'s plain answer (no web streams to read one small JSON text).
 */
export interface FetchAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: { cancel(): Promise<void> } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<FetchAnswer>;

/**
 * Whether a base URL is a service of this same process: the server's `http://in-process/…` (every
 * service in one process) or the tests' `http://<name>.svc`. Its answers are made by this process
 * from the same contract, and checked against it by the service's serializer before they are
 * sent (and raw answers in tests), so a caller need not check them again; nor can such a call
 * hang on a network, so it carries no timeout.
 */
export function isInProcessUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'in-process' || host.endsWith('.svc');
}

export interface ClientOptions {
  /** Where the service's native paths start, e.g. `http://127.0.0.1:3000/svc/product`. */
  baseUrl: string;
  /** How to send a request: `fetch` over HTTP by default, or in-process (see injectFetch). */
  /** Service credentials sent as a bearer token. */
  token?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Check answers against the contract's response schema (default true). */
  validateResponses?: boolean;
}

export type ServiceClient<C extends ServiceContract> = {
  [K in keyof C['endpoints']]: C['endpoints'][K] extends EndpointDef
    ? C['endpoints'][K] extends { produces: readonly string[] }
      ? (input: CallInput<C['endpoints'][K]>) => Promise<BinaryReply>
      : (input: CallInput<C['endpoints'][K]>) => Promise<EndpointOutput<C['endpoints'][K]>>
    : never;
};

/** A non-JSON answer (an endpoint that `produces` PDFs or CSV) as its bytes, passed on as it came. */
async function binaryAnswer(res: FetchAnswer): Promise<BinaryReply> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1];
  return binaryReply(
    new Uint8Array(await res.arrayBuffer()),
    res.headers.get('content-type') ?? 'application/octet-stream',
    {
      ...(filename ? { filename } : {}),
      disposition: disposition.startsWith('attachment') ? 'attachment' : 'inline',
    },
  );
}

/**
 * A typed client derived from a contract: one method per endpoint, never hand-written.
 * Any status other than the endpoint's success status throws a ServiceCallError.
 */
export function createServiceClient<C extends ServiceContract>(
  contract: C,
  options: ClientOptions,
): ServiceClient<C> {
  const doFetch: FetchLike = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const inProcess = isInProcessUrl(base);
  const validateResponses = options.validateResponses ?? !inProcess;
  const client: Record<string, (input: unknown) => Promise<unknown>> = {};
  // Answers to GETs that carried an entity tag, revalidated with If-None-Match: a 304 costs the
  // other service no body and this one no parsing. Bounded, oldest first out.
  const revalidate = new Map<string, { etag: string; data: unknown }>();
  const remember = (url: string, etag: string, data: unknown) => {
    revalidate.delete(url);
    revalidate.set(url, { etag, data: deepFreeze(data) });
    if (revalidate.size > 200) revalidate.delete(revalidate.keys().next().value!);
  };
  for (const [name, endpoint] of Object.entries(contract.endpoints)) {
    client[name] = async (rawInput: unknown) => {
      const input = (rawInput ?? {}) as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
        headers?: Record<string, string>;
      };
      let url = base + fillPath(endpoint.path, input.params);
      if (input.query) {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(input.query)) {
          if (value === undefined || value === null) continue;
          for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
        }
        const qs = search.toString();
        if (qs) url += `?${qs}`;
      }
      // A PDF or CSV endpoint is asked in the caller's Accept (it may choose the format by it).
      const headers: Record<string, string> = endpoint.produces
        ? { accept: endpoint.produces.join(', '), ...input.headers }
        : { ...input.headers, accept: 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const requestId = currentRequestId();
      if (requestId) headers['x-request-id'] = requestId;
      const cached = endpoint.method === 'GET' ? revalidate.get(url) : undefined;
      if (cached) headers['if-none-match'] = cached.etag;
      const hasBody = endpoint.body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      const expected = endpoint.status ?? 200;
      let text = '';
      let body: unknown;
      let res!: FetchAnswer;
      for (let asked = 1; ; asked++) {
        try {
          res = await doFetch(url, {
            method: endpoint.method,
            headers,
            body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
            ...(inProcess ? {} : { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) }),
          });
        } catch (cause) {
          const err = new ServiceCallError(contract.service, name, 0, {
            message: `${contract.service} service could not be reached`,
          });
          (err as Error).cause = cause;
          throw err;
        }
        if (res.status === 304 && cached) {
          await res.body?.cancel();
          return cached.data;
        }
        if (endpoint.produces && res.status === (endpoint.status ?? 200)) return binaryAnswer(res);
        text = await res.text();
        body = undefined;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        // The same Idempotency-Key is still being worked on by an earlier request (its process may
        // have died and its claim be taken over): asking again with the key is always safe.
        if (!stillInFlight(res.status, body, headers) || asked >= IN_FLIGHT_ASKS) break;
        await sleep(IN_FLIGHT_PAUSE_MS);
      }
      if (res.status !== expected) {
        throw new ServiceCallError(contract.service, name, res.status, body);
      }
      if (expected === 204) return undefined;
      let data = body;
      if (validateResponses) {
        const parsed = endpoint.response.safeParse(body);
        if (!parsed.success) {
          throw new ServiceCallError(contract.service, name, res.status, {
            message: `${contract.service}.${name} answered with a body that does not match its contract`,
            details: parsed.error.issues,
          });
        }
        data = parsed.data;
      }
      const etag = res.headers.get('etag');
      if (etag && endpoint.method === 'GET') remember(url, etag, data);
      return data;
    };
  }
  return client as ServiceClient<C>;
}

/** How often a keyed request answered "in flight" is asked again, a second apart. */
const IN_FLIGHT_ASKS = 12;
const IN_FLIGHT_PAUSE_MS = 1_000;

/** A 409 of type `in_flight` to a request that carried an Idempotency-Key (errors.ts inFlight). */
function stillInFlight(status: number, body: unknown, headers: Record<string, string>): boolean {
  return (
    status === 409 &&
    headers['idempotency-key'] !== undefined &&
    typeof body === 'object' &&
    body !== null &&
    (body as { type?: unknown }).type === 'in_flight'
  );
}

/** Answers handed out more than once are shared: freeze them so no caller can change another's. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
