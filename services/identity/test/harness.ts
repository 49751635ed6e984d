import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, type RuntimeSettings } from '@pawfresh/kit';
import { callJson, caller, serviceApp, testDatabase } from '@pawfresh/testing';
import type { Address } from '@pawfresh/contracts/fields';
import type { Session, User } from '@pawfresh/contracts/identity';
import { identityService } from '../src/index.js';

export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  clock: TestClock;
  /** One request to `app`, with the service credentials unless told otherwise. */
  call: ReturnType<typeof caller>;
}

/**
 * A fresh database and the identity service on it, at its native paths, for the tests of one
 * file: started before them and stopped after. Read its fields inside tests (they are set once
 * the file's tests begin).
 */
export function useIdentity(settings: Partial<RuntimeSettings> = {}): Harness {
  const h = {} as Harness;
  h.call = caller(() => h.app);
  beforeAll(async () => {
    h.database = await testDatabase();
    h.clock = new TestClock('2026-03-02T09:00:00.000Z');
    h.app = await serviceApp(identityService, { database: h.database, clock: h.clock, settings });
  });
  afterAll(async () => {
    await h.app?.close();
    await h.database?.close();
  });
  return h;
}

/** An e-mail no other test uses, so per-account limits never leak between tests. */
export const uniqueEmail = (label = 'person') =>
  `${label}-${randomUUID().slice(0, 8)}@example.com.au`;

export const MINUTE = 60_000;

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
  const res = await callJson(app, 'POST', '/identity/users', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<User>(), password: String(body.password) };
}

export const signIn = (app: FastifyInstance, email: string, password: string, clientIp?: string) =>
  callJson(app, 'POST', '/identity/sessions', {
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
  callJson(app, 'POST', '/identity/sessions/refresh', { refreshToken });

export type { Address, Session, User };
