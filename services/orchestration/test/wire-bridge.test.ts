import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connect, sql, type DatabaseConnection } from '@pawfresh/db';

/**
 * The embedded database served over the wire protocol, as the workflow engine uses it: many
 * connections on PGlite's single session, next to the process's own direct queries.
 */
let database: DatabaseConnection;
let url: string;
const direct = () => database.forSchema({});

beforeAll(async () => {
  database = await connect();
  url = await database.wireUrl();
  await direct().execute(sql`create table wire_probe (id serial primary key, who text not null)`);
});
afterAll(() => database?.close());

const count = async (who: string) => {
  const rows = await direct().execute(
    sql`select count(*)::int as n from wire_probe where who = ${who}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('PGlite over the wire protocol', () => {
  it('listens on a socket file only this user can reach (the database has no password)', async () => {
    const dir = new URL(url).searchParams.get('host')!;
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('keeps concurrent extended-protocol queries of many connections apart', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          i % 2 === 0
            ? pool.query('select $1::int + 1 as v', [i]).then((r) => r.rows[0].v === i + 1)
            : pool
                .query("select $1::text || '!' as v", [`t${i}`])
                .then((r) => r.rows[0].v === `t${i}!`),
        ),
      );
      expect(answers.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("runs a connection's transaction alone: other connections and direct queries wait for it", async () => {
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    try {
      await a.query('begin');
      await a.query("insert into wire_probe (who) values ('a')");
      const seenByB = b.query("select count(*)::int as n from wire_probe where who = 'a'");
      // The process's own write while a's transaction is open must not land inside it.
      const directWrite = direct().execute(sql`insert into wire_probe (who) values ('direct')`);
      await new Promise((r) => setTimeout(r, 50));
      await a.query('rollback');
      expect((await seenByB).rows[0].n).toBe(0);
      await directWrite;
      expect(await count('direct')).toBe(1);
      expect(await count('a')).toBe(0);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('rolls back what a vanished connection left open, and goes on serving the others', async () => {
    const gone = new pg.Client({ connectionString: url });
    gone.on('error', () => {});
    await gone.connect();
    await gone.query('begin');
    await gone.query("insert into wire_probe (who) values ('gone')");
    (
      gone as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const res = await other.query("select count(*)::int as n from wire_probe where who = 'gone'");
      expect(res.rows[0].n).toBe(0);
      expect(await count('gone')).toBe(0);
    } finally {
      await other.end();
    }
  });

  it('accepts the connections the engine needs (its pool and a listener: 11)', async () => {
    const clients = Array.from({ length: 11 }, () => new pg.Client({ connectionString: url }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const results = await Promise.all(clients.map((c, i) => c.query('select $1::int as i', [i])));
      expect(results.map((r) => r.rows[0].i)).toEqual(clients.map((_, i) => i));
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
