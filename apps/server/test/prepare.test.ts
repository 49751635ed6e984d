import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '@pawfresh/kit';
import { sql } from '@pawfresh/db/orm';
import { pino } from 'pino';
import { prepareDatabase, readConfig } from '../src/index.js';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A first start on an empty embedded database with these settings: who can sign in, what is sold. */
async function firstStart(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-prepare-'));
  folders.push(dataDir);
  const config = readConfig({ ...env, DATA_DIR: dataDir });
  const database = await prepareDatabase(config, systemClock, pino({ level: 'silent' }));
  try {
    const count = async (table: string) => {
      const res = await database
        .forSchema({})
        .execute(sql.raw(`select count(*)::int as n from ${table}`));
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    return {
      users: await count('identity.users'),
      products: await count('product.products'),
      orders: await count('"order".orders'),
    };
  } finally {
    await database.close();
  }
}

describe('the first start', () => {
  it('loads the catalogue but no demo customers, staff or orders in production', async () => {
    const held = await firstStart({
      NODE_ENV: 'production',
      SERVICE_TOKEN: 'a-production-service-token-of-32-chars-or-more',
      ACCESS_TOKEN_SECRET: 'a-production-signing-secret-of-32-chars-or-more',
      SMTP_URL: 'smtp://mail.example.com.au',
    });
    expect(held.products).toBeGreaterThan(0);
    expect(held).toMatchObject({ users: 0, orders: 0 });
  });

  it('loads the demo data with its sign-ins in development', async () => {
    const held = await firstStart({});
    expect(held.products).toBeGreaterThan(0);
    expect(held.users).toBeGreaterThan(0);
    expect(held.orders).toBeGreaterThan(0);
  });
});
