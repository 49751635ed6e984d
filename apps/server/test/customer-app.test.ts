import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { repoRoot, testDatabase } from '@pawfresh/testing';
import { buildServer, readConfig } from '../src/index.js';

// The customer app is served like a production site: compressed once at build time
// (scripts/compress-assets.mjs), hashed assets cached for a year, index.html revalidated.
const loginPage = `<!doctype html><title>Login | My account</title>${'<p>sign in</p>'.repeat(100)}`;
const script = `console.log(${JSON.stringify('a customer app bundle '.repeat(200))});\n`;
let database: DatabaseConnection;
let app: FastifyInstance;
let appDir: string;
let staffDir: string;
const staffScript = `console.log(${JSON.stringify('the back office bundle '.repeat(200))});\n`;

beforeAll(async () => {
  database = await testDatabase();
  appDir = await mkdtemp(path.join(tmpdir(), 'customer-app-'));
  await mkdir(path.join(appDir, 'assets'));
  await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>My account</title>');
  await writeFile(path.join(appDir, 'login.html'), loginPage);
  await writeFile(path.join(appDir, 'assets', 'index-abc123.js'), script);
  await promisify(execFile)('node', [path.join(repoRoot, 'scripts/compress-assets.mjs'), appDir]);
  staffDir = await mkdtemp(path.join(tmpdir(), 'staff-app-'));
  await mkdir(path.join(staffDir, 'assets'));
  await writeFile(path.join(staffDir, 'index.html'), '<!doctype html><title>Back office</title>');
  await writeFile(path.join(staffDir, 'assets', 'index-def456.js'), staffScript);
  await promisify(execFile)('node', [path.join(repoRoot, 'scripts/compress-assets.mjs'), staffDir]);
  app = await buildServer({
    config: readConfig({ CUSTOMER_APP_DIR: appDir, STAFF_APP_DIR: staffDir }),
    database,
    clock: new TestClock(),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(appDir, { recursive: true, force: true });
  await rm(staffDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the customer app on the wire', () => {
  it('sends brotli to a browser that takes it, and the same script comes out', async () => {
    const res = await get('/customer/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to one that takes only gzip, and plain text to one that takes neither', async () => {
    const gz = await get('/customer/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/customer/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(await readFile(path.join(appDir, 'assets', 'index-abc123.js'), 'utf8')).toBe(script);
  });

  it('revalidates index.html on every visit, on any client-side route, compressed', async () => {
    for (const url of ['/customer/', '/customer/account', '/customer/deliveries']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
        '<title>My account</title>',
      );
    }
    expect((await get('/customer/account')).body).toContain('<title>My account</title>');
  });
});

describe('the API on the wire', () => {
  it("compresses JSON (the customer API's OpenAPI document) for a client that takes it, and the same JSON comes out", async () => {
    const plain = await get('/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document: unknown = plain.json();

    const gz = await get('/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(document);

    const br = await get('/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);
  });

  it('answers /customer/login with the sign-in page, revalidated like index.html', async () => {
    for (const url of [
      '/customer/login',
      '/customer/login?redirectTo=%2Fdogs',
      '/customer/login/',
    ]) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const body =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : res.body;
      expect(body).toBe(loginPage);
    }
    const other = await get('/customer/login-help');
    expect(other.body).toContain('<title>My account</title>');
  });
});

describe('the back office (apps/staff) beside it', () => {
  it('answers its index.html for every route under /staff/, revalidated', async () => {
    for (const url of ['/staff/', '/staff/sign-in', '/staff/customers/abc']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Back office</title>');
    }
  });

  it('sends its hashed assets compressed at build time, cached for a year', async () => {
    const res = await get('/staff/assets/index-def456.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(staffScript);
  });
});
