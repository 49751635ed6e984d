import { timingSafeEqual } from 'node:crypto';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  ResponseSerializationError,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access, EndpointDef, HandlerInput, ServiceContract } from './contract.js';
import {
  HttpError,
  UNAVAILABLE,
  customerErrorSchema,
  forbidden,
  isDatabaseUnavailable,
  serviceErrorBody,
  serviceErrorSchema,
} from './errors.js';
import {
  RequestValidationError,
  zodSerializerCompiler,
  markParsedJson,
  zodValidatorCompiler,
} from './validation.js';
import { pruneComponents } from './openapi.js';
import { isRawJson, matchesEtag, type RawJson } from './raw-json.js';
import { contentDisposition, isBinaryReply, type BinaryReply } from './binary-reply.js';
import { ServiceCallError } from './client.js';
import { upstreamMessage } from './problems.js';
import { verifyAccessToken, type Principal, type PrincipalRole } from './auth.js';
import {
  hasPermission,
  missingPermissionMessage,
  type Permission,
} from '@pawfresh/contracts/staff-roles';
import { cachedSessionCheck, type SessionCheck } from './session-check.js';
import type { RuntimeSettings, ServiceRuntime } from './module.js';

type HandlerResult<E extends EndpointDef> = E['status'] extends 204 ? void : z.input<E['response']>;

export type Handlers<C extends ServiceContract> = {
  [K in keyof C['endpoints']]: (
    input: HandlerInput<C['endpoints'][K]>,
    request: FastifyRequest,
    /** For headers and cookies only: the kit sends the answer. */
    reply: FastifyReply,
  ) => Promise<HandlerResult<C['endpoints'][K]> | RawJson | BinaryReply>;
};

export interface ServicePluginOptions<C extends ServiceContract> {
  contract: C;
  handlers: Handlers<C>;
  /** The native prefix of this service's own routes, e.g. `/api/v1`; health is served there too. */
  basePath: string;
  /**
   * Mount path (shown in the docs), service credentials, access-token secret and clock; in the
   * test environment (`settings.environment`) answers sent as they are (`RawJson`) are checked
   * against the contract too.
   */
  runtime: Pick<ServiceRuntime, 'mountPath' | 'serviceToken' | 'accessTokenSecret' | 'clock'> & {
    settings?: Pick<RuntimeSettings, 'environment'>;
  };
  /** Answers whether the service can do its work (e.g. its database answers). */
  checkHealth?: () => Promise<void>;
  /** Maximum request body in bytes. */
  bodyLimit?: number;
  /** Where `/health`, `/openapi.json` and `/docs` are served (ServiceModule.docsAt); the root by default. */
  docsAt?: string;
  /**
   * Whether the session an access token names is still signed in (identity's word); asked at most
   * every SESSION_CHECK_SECONDS per session. Without it a token is good until it expires.
   */
  sessionCheck?: SessionCheck;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    access?: Access;
    permission?: Permission;
    fallbackMessage?: string;
  }
}

const signInFirst: Record<'service' | 'customer' | 'staff', string> = {
  customer: 'Sign in to continue',
  staff: 'Sign in to the back office to continue',
  service:
    'This service only answers other services and admins: send the service credentials as "Authorization: Bearer <token>"',
};

/**
 * Why a signed-in user may not call a route, or undefined when they may (ADR 005, ADR 018):
 * customers only the customer API; staff only the staff API, and there only with the route's
 * permission; the services themselves only the service credentials or an admin (other staff
 * act through the staff API, which records who did what).
 */
export function accessRefusal(
  access: 'service' | 'customer' | 'staff',
  role: PrincipalRole,
  wanted: Permission | undefined,
): { message: string; permission?: Permission } | undefined {
  if (access === 'customer') {
    return role === 'customer' ? undefined : { message: 'Only customers can use the customer API' };
  }
  if (role === 'customer') {
    return {
      message:
        access === 'staff'
          ? 'Only staff can use the staff API'
          : 'Customers cannot call this service directly: use the customer API',
    };
  }
  if (access === 'service') {
    return role === 'admin'
      ? undefined
      : {
          message:
            'Staff act through the staff API (/api/staff/v1): this service answers only other services and admins',
        };
  }
  if (wanted && !hasPermission(role, wanted)) {
    return { message: missingPermissionMessage(role, wanted), permission: wanted };
  }
  return undefined;
}

/**
 * For a permission a route needs only sometimes (a refund over the limit): a 403 naming it unless
 * the signed-in role has it, in the same words and details as the kit's check of a route's own.
 */
export function demandPermission(principal: Principal | undefined, wanted: Permission): void {
  if (principal?.kind === 'service') return;
  const role = principal?.role ?? 'customer';
  if (!hasPermission(role, wanted)) {
    throw forbidden(missingPermissionMessage(role, wanted), { permission: wanted });
  }
}

const healthSchema = z.object({ status: z.enum(['ok', 'error']) });

/** Whether a presented secret is the expected one, in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Failure {
  statusCode: number;
  message: string | string[];
  type?: string;
  details?: unknown;
}

/** Turns anything thrown while serving a request into the status and words a caller sees. */
export function describeFailure(err: unknown, bodyLimit: number): Failure | undefined {
  if (err instanceof RequestValidationError) {
    const where = err.part === 'querystring' ? 'query' : err.part;
    return {
      statusCode: 400,
      message: err.issues.map((i) => i.message),
      type: 'validation',
      details: err.issues.map((i) => ({ in: where, path: i.path.map(String), code: i.code })),
    };
  }
  if (err instanceof HttpError) {
    return { statusCode: err.statusCode, message: err.messages, ...err.options };
  }
  const fe = err as Partial<FastifyError>;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        statusCode: 400,
        message: 'Content-Type must be application/json',
        type: 'validation',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        statusCode: 413,
        message: `Request body is too large: send at most ${Math.floor(bodyLimit / 1024)} KB`,
        type: 'too_large',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        statusCode: 400,
        message: 'Request body is empty: send a JSON object',
        type: 'validation',
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, message: 'Request body is not valid JSON', type: 'validation' };
  }
  if (err instanceof SyntaxError && (err as Partial<FastifyError>).statusCode === 400) {
    return { statusCode: 400, message: 'Request body is not valid JSON', type: 'validation' };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return {
      statusCode: fe.statusCode === 415 ? 400 : fe.statusCode,
      message: fe.message ?? 'Bad request',
    };
  }
  return undefined;
}

function securitySchemes(contract: ServiceContract) {
  const accesses = new Set(Object.values(contract.endpoints).map((e) => e.access ?? 'service'));
  return {
    ...(accesses.has('service')
      ? {
          serviceToken: {
            type: 'http' as const,
            scheme: 'bearer',
            description: 'Service-to-service credentials (SERVICE_TOKEN).',
          },
        }
      : {}),
    ...(accesses.has('service') || accesses.has('customer') || accesses.has('staff')
      ? {
          accessToken: {
            type: 'http' as const,
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'An access token from the identity service (an admin on the services, staff on the staff API, a customer on the customer API).',
          },
        }
      : {}),
  };
}

export function sendFailure(
  reply: FastifyReply,
  style: 'service' | 'customer',
  failure: Failure,
): FastifyReply {
  reply.status(failure.statusCode);
  if (style === 'customer') {
    const text = Array.isArray(failure.message) ? failure.message.join('; ') : failure.message;
    return reply.send({ error: text });
  }
  return reply.send(
    serviceErrorBody(failure.statusCode, failure.message, {
      type: failure.type,
      details: failure.details,
    }),
  );
}

/**
 * An answer sent as it is (`RawJson`), checked as the serializer checks any other (tests only):
 * one outside the contract is a 500, never sent.
 */
function checkRawAnswer(schema: z.ZodType, answer: RawJson, request: FastifyRequest): void {
  const result = schema.safeParse(JSON.parse(answer.json));
  if (!result.success) {
    throw new ResponseSerializationError(request.method, request.url, { cause: result.error });
  }
}

/**
 * A service as a Fastify plugin, built from its contract: validation and envelopes, credentials,
 * health, the OpenAPI document (`/openapi.json`) and a reference page (`/docs`).
 */
export function servicePlugin<C extends ServiceContract>(
  options: ServicePluginOptions<C>,
): FastifyPluginAsync {
  const { contract, handlers, basePath } = options;
  const { serviceToken, accessTokenSecret, clock, mountPath } = options.runtime;
  const checkRawAnswers = options.runtime.settings?.environment === 'test';
  const bodyLimit = options.bodyLimit ?? 100 * 1024;
  const docsAt = options.docsAt ?? '';
  const style = contract.errorStyle;
  const sessionLive = options.sessionCheck
    ? cachedSessionCheck(options.sessionCheck, clock)
    : undefined;
  const errorSchema = style === 'customer' ? customerErrorSchema : serviceErrorSchema;

  return async (app: FastifyInstance) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);
    // Bodies are JSON: anything else is refused with a message that says so. JSON is parsed as
    // Fastify parses it; a body whose text cannot hold unstorable text is noted, so its
    // validation does not walk it (zodValidatorCompiler).
    app.removeContentTypeParser(['text/plain']);
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request, body: string, done) => {
        // Kept as sent, for routes that check a signature over the exact bytes (webhooks).
        (request as RequestWithRawBody).rawBody = body;
        parseJson(request, body, (err, value) => {
          if (!err) markParsedJson(body, value);
          done(err, value);
        });
      },
    );

    app.setErrorHandler((err, request, reply) => {
      const failure = describeFailure(err, request.routeOptions.bodyLimit ?? bodyLimit);
      if (failure) {
        request.log.info(
          { statusCode: failure.statusCode, message: failure.message },
          'request refused',
        );
        return sendFailure(reply, style, failure);
      }
      if (err instanceof ServiceCallError) {
        request.log.error(
          { err, status: err.status, body: err.body },
          'call to another service failed',
        );
        // The other service failed or did not answer: not the caller's fault, and worth a retry.
        // (The customer API keeps the fallbacks of customer-app.md §8.)
        if (style === 'service' && (err.status === 0 || err.status >= 500)) {
          return sendFailure(reply, style, {
            statusCode: 502,
            message: upstreamMessage(`Reaching the ${err.service} service`),
            type: 'upstream',
          });
        }
      } else if (isDatabaseUnavailable(err)) {
        // The database restarting or failing over: nothing wrong with the request, ask again.
        request.log.warn({ err }, 'database unavailable');
        reply.header('retry-after', '1');
        return sendFailure(reply, style, {
          statusCode: 503,
          message:
            style === 'customer'
              ? 'We could not reach our records just now: please try again in a moment'
              : 'The database cannot be reached just now; try again in a moment',
          type: UNAVAILABLE,
        });
      } else {
        request.log.error({ err }, 'unexpected error');
      }
      const message =
        style === 'customer'
          ? (request.routeOptions.config?.fallbackMessage ?? 'Unspecified server error')
          : 'Internal server error';
      return sendFailure(reply, style, { statusCode: 500, message, type: 'internal' });
    });

    const refuse = (
      reply: FastifyReply,
      statusCode: 401 | 403,
      message: string,
      permission?: Permission,
    ) =>
      sendFailure(reply, style, {
        statusCode,
        message,
        type: statusCode === 401 ? 'unauthorized' : 'forbidden',
        ...(permission ? { details: { permission } } : {}),
      });

    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      const access = config?.access;
      if (access !== 'service' && access !== 'customer' && access !== 'staff') return;
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (access === 'service' && token && sameSecret(token, serviceToken)) {
        request.principal = { kind: 'service' };
        return;
      }
      if (!token) {
        return refuse(reply, 401, signInFirst[access]);
      }
      const check = await verifyAccessToken(token, accessTokenSecret, clock.now());
      if (!check.ok) {
        if (access === 'service' && check.reason === 'invalid') {
          return refuse(reply, 401, 'The service credentials are not valid');
        }
        return refuse(
          reply,
          401,
          check.reason === 'expired'
            ? 'Your session has expired. Please sign in again.'
            : 'Your session is not valid. Please sign in again.',
        );
      }
      const refusal = accessRefusal(access, check.principal.role, config?.permission);
      if (refusal) return refuse(reply, 403, refusal.message, refusal.permission);
      if (sessionLive && !(await sessionLive(check.principal.sessionId))) {
        return refuse(reply, 401, 'Your session has ended. Please sign in again.');
      }
      request.principal = check.principal;
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: contract.title,
          description: contract.description,
          version: contract.version,
        },
        servers: [{ url: mountPath || '/' }],
        components: { securitySchemes: securitySchemes(contract) },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: `${docsAt}/docs`,
      staticCSP: true,
      transformSpecification: (spec) => pruneComponents(spec),
    });

    let document: Record<string, unknown> | undefined;
    app.get(
      `${docsAt}/openapi.json`,
      { schema: { hide: true }, config: { access: 'public' } },
      async () => {
        document ??= pruneComponents(app.swagger() as unknown as Record<string, unknown>);
        return document;
      },
    );

    const healthRoute = (operationId: string) => ({
      schema: {
        operationId,
        security: [],
        summary: 'Whether the service is up and its database answers',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
      config: { access: 'public' as Access },
    });
    const health = async (_req: FastifyRequest, reply: FastifyReply) => {
      try {
        await options.checkHealth?.();
        return { status: 'ok' as const };
      } catch (err) {
        reply.log.error({ err }, 'health check failed');
        reply.status(503);
        return { status: 'error' as const };
      }
    };
    app.get(`${docsAt}/health`, healthRoute('health'), health);
    if (basePath && basePath !== '/' && basePath !== docsAt) {
      app.get(`${basePath}/health`, healthRoute('healthUnderBasePath'), health);
    }

    for (const [name, endpoint] of Object.entries(contract.endpoints)) {
      const handler = handlers[name] as (
        input: HandlerInput<EndpointDef>,
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<unknown>;
      const status = endpoint.status ?? 200;
      const response: Record<number, z.ZodType> = {};
      // A non-JSON answer (endpoint.produces) is sent as its bytes: the schema only documents it.
      if (status !== 204) response[status] = endpoint.response;
      const access = endpoint.access ?? 'service';
      for (const code of [
        ...(endpoint.errors ?? [400]),
        ...(access === 'service' || access === 'staff' ? [401, 403] : []),
        500,
      ]) {
        response[code] = errorSchema;
      }
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        bodyLimit: Math.max(bodyLimit, endpoint.bodyLimit ?? 0),
        schema: {
          operationId: name,
          summary: endpoint.summary,
          description: endpoint.permission
            ? `${endpoint.description ? `${endpoint.description}\n\n` : ''}Needs the permission \`${endpoint.permission}\` (docs/staff.md).`
            : endpoint.description,
          ...(endpoint.deprecated ? { deprecated: true } : {}),
          ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
          tags: [contract.service],
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          response,
          security:
            access === 'service'
              ? [{ serviceToken: [] }, { accessToken: [] }]
              : access === 'customer' || access === 'staff'
                ? [{ accessToken: [] }]
                : [],
        },
        config: {
          access,
          fallbackMessage: endpoint.fallbackMessage,
          permission: endpoint.permission,
        },
        handler: async (request, reply) => {
          const result = await handler(
            {
              params: request.params,
              query: request.query,
              body: request.body,
              auth: request.principal,
            } as HandlerInput<EndpointDef>,
            request,
            reply,
          );
          if (isBinaryReply(result)) {
            return reply
              .status(status)
              .type(result.contentType)
              .header('content-disposition', contentDisposition(result))
              .send(result.body);
          }
          if (isRawJson(result)) {
            if (checkRawAnswers) checkRawAnswer(endpoint.response, result, request);
            if (result.etag !== undefined) {
              reply.header('etag', result.etag);
              if (matchesEtag(request.headers['if-none-match'], result.etag)) {
                return reply.status(304).send();
              }
            }
            return reply.status(status).type('application/json; charset=utf-8').send(result.json);
          }
          reply.status(status);
          return status === 204 ? reply.send() : result;
        },
      });
    }
  };
}

type RequestWithRawBody = FastifyRequest & { rawBody?: string };

/** A JSON request's body exactly as it was sent (for checking a signature over it). */
export const rawBodyOf = (request: FastifyRequest): string | undefined =>
  (request as RequestWithRawBody).rawBody;
