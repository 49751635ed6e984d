import type { z } from 'zod';
import type { Permission } from './staff-roles.js';

/**
 * What a contract is: pure types and two pure functions, depending on zod alone, so the browser
 * can read a contract's types and field rules without pulling in the server kit.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `service`: other services and operators holding the service
 * credentials, or a signed-in admin (the default for every domain service route; other staff go
 * through the staff API, ADR 018). `customer`: a signed-in customer (the customer API). `staff`:
 * a signed-in member of staff (the staff API) whose role has the endpoint's `permission`.
 * `public`: anyone (health, sign-in, the public catalogue).
 */
export type Access = 'service' | 'public' | 'customer' | 'staff';

/** One HTTP operation of a contract: what the server implements and what clients call. */
export interface EndpointDef {
  method: HttpMethod;
  /** Native path in Fastify syntax (`/api/v1/variants/:variantId`). */
  path: string;
  summary: string;
  description?: string;
  /** Still served, marked deprecated in the OpenAPI document. */
  deprecated?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType;
  /**
   * Media types of a success answer that is not JSON (`application/pdf`, `text/csv`): the handler
   * returns the kit's binaryReply, sent as it is (`response` then only describes it).
   */
  produces?: readonly string[];
  /** Error statuses this endpoint may answer, for the OpenAPI document. */
  errors?: readonly number[];
  access?: Access;
  /**
   * On a `staff` endpoint: the permission the signed-in role needs (docs/staff.md); without it the
   * kit answers 403 naming it. Absent: any member of staff.
   */
  permission?: Permission;
  /** Customer-style text for an unexpected failure (customer-app.md §8); default "Unspecified server error". */
  fallbackMessage?: string;
  /** The largest body this endpoint takes, in bytes, when more than the service's (bulk routes). */
  bodyLimit?: number;
}

export interface ServiceContract<
  E extends Record<string, EndpointDef> = Record<string, EndpointDef>,
> {
  service: string;
  title: string;
  description: string;
  version: string;
  /** `service` envelopes `{message, error, statusCode}`; `customer` envelopes `{error}`. */
  errorStyle: 'service' | 'customer';
  endpoints: E;
}

export function defineContract<const E extends Record<string, EndpointDef>>(
  contract: Omit<ServiceContract<E>, 'errorStyle'> & { errorStyle?: 'service' | 'customer' },
): ServiceContract<E> {
  return { errorStyle: 'service', ...contract };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The parsed (output) side of an endpoint's params, query and body: what a handler works with. */
export interface EndpointParts<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

/** What a caller sends: the unparsed (input) side of the same schemas; absent parts omitted. */
export type CallInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : unknown) & {
    /** Extra request headers, e.g. an `idempotency-key` for the payment service. */
    headers?: Record<string, string>;
  };

/** What a caller sends as an endpoint's body (the input side of its schema). */
export type EndpointBody<E extends EndpointDef> = In<E['body']>;

export type EndpointOutput<E extends EndpointDef> = z.output<E['response']>;

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
