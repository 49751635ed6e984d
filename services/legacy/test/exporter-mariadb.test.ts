import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { describe, it } from 'vitest';
import { loadMysqlLegacyData } from '../src/db/mysql-legacy-source.js';
import { exporterSuite } from './exporter-suite.js';

/**
 * The exporter on a real MySQL/MariaDB legacy database (LEGACY_TEST_MYSQL_URL, default the local
 * server: mysql://root@127.0.0.1:3306). The test creates its own database, loads the generated
 * legacy data into it, and drops it after. Skipped, saying so, only when no server answers.
 */
const SERVER = process.env.LEGACY_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

async function serverAnswers(): Promise<boolean> {
  try {
    const connection = await mysql.createConnection({ uri: SERVER, connectTimeout: 3000 });
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

const available = await serverAnswers();
const name = `pawfresh_legacy_${randomBytes(4).toString('hex')}`;
const databaseUrl = `${SERVER.replace(/\/$/, '')}/${name}`;

if (!available) {
  describe('the legacy exporter on MariaDB', () => {
    it.skip(`skipped: no MySQL/MariaDB server answers at ${SERVER} (set LEGACY_TEST_MYSQL_URL)`, () => {});
  });
} else {
  exporterSuite('MariaDB', () => ({
    async load(data) {
      const admin = await mysql.createConnection({ uri: SERVER });
      await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      await loadMysqlLegacyData(databaseUrl, data);
      return { legacyDatabaseUrl: databaseUrl };
    },
    async cleanUp() {
      const admin = await mysql.createConnection({ uri: SERVER });
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  }));
}
