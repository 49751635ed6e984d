import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '@pawfresh/testing';
import { sql } from '../src/orm.js';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from '../src/pg-core.js';
import { insertColumns, insertJsonRows, type DatabaseConnection } from '../src/index.js';

/** insertColumns / insertJsonRows: every kind of column the services write, on both databases. */
const testDb = pgSchema('insert_columns_test');
const mood = testDb.enum('mood', ['calm', 'busy']);
const things = testDb.table('things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  mood: mood('mood').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  data: jsonb('data').$type<Record<string, unknown> | unknown[]>(),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  count: integer('count').notNull().default(7),
});

let connection: DatabaseConnection;
const db = () => connection.forSchema({ things });
beforeAll(async () => {
  connection = await testDatabase();
  await db().execute(sql`create schema insert_columns_test`);
  await db().execute(sql`create type insert_columns_test.mood as enum ('calm', 'busy')`);
  await db().execute(
    sql`create table insert_columns_test.things (id uuid primary key, name text not null unique,
      mood insert_columns_test.mood not null, at timestamptz, data jsonb,
      tags text[] not null default '{}', count integer not null default 7)`,
  );
});
afterAll(async () => connection?.close());

const read = () => db().select().from(things).orderBy(things.name);

describe('insertColumns', () => {
  it('writes each column as given, a value every row has once, and the defaults', async () => {
    const at = new Date('2026-11-26T01:02:03.004Z');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const made = await insertColumns(
      db(),
      things,
      {
        id: ids,
        name: ['a', 'b "quoted" \\ c', 'ünïcode ✓'],
        mood: { all: 'busy' },
        at: [at, null, at],
        data: [{ x: [1, { y: null }] }, null, ['list']],
        tags: [['one', 'two, three'], [], ['{brace}']],
      },
      { returnIds: true },
    );
    expect(made.sort()).toEqual([...ids].sort());
    expect(await read()).toEqual([
      {
        id: ids[0],
        name: 'a',
        mood: 'busy',
        at,
        data: { x: [1, { y: null }] },
        tags: ['one', 'two, three'],
        count: 7,
      },
      {
        id: ids[1],
        name: 'b "quoted" \\ c',
        mood: 'busy',
        at: null,
        data: null,
        tags: [],
        count: 7,
      },
      {
        id: ids[2],
        name: 'ünïcode ✓',
        mood: 'busy',
        at,
        data: ['list'],
        tags: ['{brace}'],
        count: 7,
      },
    ]);
  });

  it('leaves out rows a unique index holds, answers ids only when asked, refuses uneven columns', async () => {
    const fresh = randomUUID();
    const rows = [
      { id: randomUUID(), name: 'a', mood: 'calm' as const, count: 1 },
      { id: fresh, name: 'd', mood: 'calm' as const, count: 2 },
    ];
    expect(
      await insertJsonRows(db(), things, rows, { onConflictDoNothing: true, returnIds: true }),
    ).toEqual([fresh]);
    expect(
      await insertColumns(db(), things, {
        id: [randomUUID()],
        name: ['e'],
        mood: ['calm'],
        count: { all: 3 },
      }),
    ).toEqual([]);
    const names = (await read()).map((r) => [r.name, r.mood, r.count]);
    expect(names).toEqual([
      ['a', 'busy', 7],
      ['b "quoted" \\ c', 'busy', 7],
      ['d', 'calm', 2],
      ['e', 'calm', 3],
      ['ünïcode ✓', 'busy', 7],
    ]);
    await expect(
      insertColumns(db(), things, {
        id: [randomUUID(), randomUUID()],
        name: ['f'],
        mood: { all: 'calm' },
      }),
    ).rejects.toThrow('insertColumns: name has 1 values, not 2');
  });
});
