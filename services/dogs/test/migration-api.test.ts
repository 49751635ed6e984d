import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { caller, messagesOf, serviceApp, testDatabase } from '@pawfresh/testing';
import type { Dog } from '@pawfresh/contracts/dogs';
import { dogsService } from '../src/index.js';

let database: DatabaseConnection;
let app: FastifyInstance;
beforeAll(async () => {
  database = await testDatabase();
  app = await serviceApp(dogsService, {
    database,
    clock: new TestClock('2026-11-02T09:00:00.000Z'),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
const call = caller(() => app);

const importDog = (userId: string, legacyPetId: number, name = 'Biscuit') =>
  call('POST', '/dogs/migration', {
    userId,
    legacyPetId,
    dog: { name, breeds: ['australian-kelpie'], weight: '12.5', gender: 'male' },
  });

describe('POST /dogs/migration and DELETE /dogs/migration/{userId}', () => {
  it('imports a legacy pet once, and removes only the imported dogs', async () => {
    const userId = randomUUID();
    const first = await importDog(userId, 500_001);
    expect(first.statusCode, first.body).toBe(201);
    const dog = first.json<Dog>();
    expect(dog).toMatchObject({ userId, name: 'Biscuit', weight: '12.5' });
    // The same pet again (a retried step): the same dog.
    expect((await importDog(userId, 500_001)).json()).toEqual(dog);
    const own = await call('POST', '/dogs', { userId, dog: { name: 'Newbie' } });
    expect(own.statusCode).toBe(201);

    const clash = await importDog(randomUUID(), 500_001);
    expect(clash.statusCode).toBe(409);
    expect(messagesOf(clash)).toEqual([
      `Legacy pet 500001 was already imported for user ${userId}`,
    ]);

    const removed = await call('DELETE', `/dogs/migration/${userId}`);
    expect(removed.json()).toEqual({ deletedDogIds: [dog.identifier] });
    expect((await call('GET', `/dogs?userId=${userId}`)).json<Dog[]>().map((d) => d.name)).toEqual([
      'Newbie',
    ]);
    expect((await call('DELETE', `/dogs/migration/${userId}`)).json()).toEqual({
      deletedDogIds: [],
    });
  });

  it('checks an imported dog like any new dog', async () => {
    const res = await call('POST', '/dogs/migration', {
      userId: randomUUID(),
      legacyPetId: 500_002,
      dog: { name: 'Rex', breeds: ['no-such-breed'] },
    });
    expect(res.statusCode).toBe(400);
  });
});
