import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { serviceAuth } from './service-app.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request through `inject`, with a JSON body when there is a payload. Service credentials by
 * default; pass `headers` for another caller (a customer's token, none at all).
 */
export function callJson(
  app: FastifyInstance,
  method: HttpMethod,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = serviceAuth,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** A caller bound to one app: `const call = caller(app); await call('GET', '/dogs')`. */
export const caller =
  (app: FastifyInstance | (() => FastifyInstance)) =>
  (method: HttpMethod, url: string, payload?: unknown, headers?: Record<string, string>) =>
    callJson(typeof app === 'function' ? app() : app, method, url, payload, headers);

/** The messages of an error envelope, always as a list (services answer one or several). */
export function messagesOf(res: { json(): unknown }): string[] {
  const body = res.json() as { message?: string | string[]; error?: string };
  const m = body.message ?? body.error;
  return m === undefined ? [] : Array.isArray(m) ? m : [m];
}
