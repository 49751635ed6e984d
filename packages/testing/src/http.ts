import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { reasonPhrase } from '@pawfresh/kit';
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

/**
 * Expects a service's error envelope: the status, and the body `{ message, error, statusCode,
 * type }` with the status's reason phrase as `error`.
 */
export function expectServiceError(
  res: { statusCode: number; json(): unknown },
  statusCode: number,
  message: string | string[],
  type: string,
): void {
  expect(res.statusCode).toBe(statusCode);
  expect(res.json()).toEqual({ message, error: reasonPhrase[statusCode], statusCode, type });
}
