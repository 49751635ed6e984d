import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, type RuntimeSettings } from '@pawfresh/kit';
import { serviceApp, serviceAuth, testDatabase } from '@pawfresh/testing';
import type { Address } from '@pawfresh/contracts/fields';
import type { Session, User } from '@pawfresh/contracts/identity';
import { identityService } from '../src/index.js';

export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  clock: TestClock;
}

/** A fresh database and the identity service on it, at its native paths. */
export async function startIdentity(settings: Partial<RuntimeSettings> = {}): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock('2026-03-02T09:00:00.000Z');
  const app = await serviceApp(identityService, { database, clock, settings });
  return { database, app, clock };
}

export async function stopIdentity(h: Harness | undefined): Promise<void> {
  await h?.app.close();
  await h?.database.close();
}

/** An e-mail no other test uses, so per-account limits never leak between tests. */
export const uniqueEmail = (label = 'person') =>
  `${label}-${randomUUID().slice(0, 8)}@example.com.au`;

export const MINUTE = 60_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = serviceAuth,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function createUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<User & { password: string }> {
  const body = {
    email: uniqueEmail(),
    password: 'correct horse',
    firstName: 'Jo',
    lastName: 'Bloggs',
    ...overrides,
  };
  const res = await call(app, 'POST', '/identity/users', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<User>(), password: String(body.password) };
}

export const signIn = (app: FastifyInstance, email: string, password: string, clientIp?: string) =>
  call(app, 'POST', '/identity/sessions', {
    email,
    password,
    ...(clientIp ? { clientIp } : {}),
  });

export async function session(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Session> {
  const res = await signIn(app, email, password);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Session>();
}

export const refresh = (app: FastifyInstance, refreshToken: string) =>
  call(app, 'POST', '/identity/sessions/refresh', { refreshToken });

export const errorOf = (res: { json(): unknown }) =>
  res.json() as { message: string | string[]; statusCode: number; error: string };

export type { Address, Session, User };
