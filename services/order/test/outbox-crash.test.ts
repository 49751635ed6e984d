import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropPostgresDatabase } from '@pawfresh/db';

/**
 * The outbox survives a crash between commit and delivery: a child process running the order
 * service is killed with SIGKILL, a new one starts on the same database, and the subscriber sees
 * the event exactly once by its id (PGlite folder or PostgreSQL database, as the run uses).
 */
const CHILD = fileURLToPath(new URL('./outbox-child.ts', import.meta.url));

interface Envelope {
  id: string;
  topic: string;
  orderId: string;
}
/** A subscriber that keeps what it handled by event id (its idempotency key). */
class Subscriber {
  receipts: Envelope[] = [];
  handled = new Map<string, Envelope>();
  /** While set, requests are received but never answered. */
  hang = false;
  private waiters: ((e: Envelope) => void)[] = [];
  server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const envelope = JSON.parse(body) as Envelope;
      expect(req.headers['idempotency-key']).toBe(envelope.id);
      this.receipts.push(envelope);
      this.waiters.splice(0).forEach((w) => w(envelope));
      if (this.hang) return;
      if (!this.handled.has(envelope.id)) this.handled.set(envelope.id, envelope);
      res.writeHead(204).end();
    });
  });
  nextReceipt = () => new Promise<Envelope>((resolve) => this.waiters.push(resolve));
  url = () => {
    const address = this.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}/topics`;
  };
}

function start(
  env: Record<string, string>,
): ChildProcess & { lines: string[]; waitFor(p: RegExp): Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { lines: string[]; waitFor(p: RegExp): Promise<string> };
  child.lines = [];
  const listeners: (() => void)[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    child.lines.push(...parts);
    listeners.forEach((l) => l());
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const line = child.lines.find((l) => pattern.test(l));
        if (line) resolve(line);
      };
      listeners.push(check);
      child.once('exit', (code) =>
        reject(new Error(`child exited (${code}) before ${pattern}: ${stderr}`)),
      );
      check();
    });
  return child;
}

const killed = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });

let subscriber: Subscriber;
let databaseEnv: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  subscriber = new Subscriber();
  await new Promise<void>((resolve) => subscriber.server.listen(0, '127.0.0.1', resolve));
  const source = inject('testDatabase');
  if (source.kind === 'postgres') {
    const name = `pawfresh_crash_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: source.serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${source.template}"`);
    await admin.end();
    const url = new URL(source.serverUrl);
    url.pathname = `/${name}`;
    databaseEnv = { DATABASE_URL: url.toString() };
    cleanup = () => dropPostgresDatabase(source.serverUrl, name);
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'pawfresh-crash-'));
    databaseEnv = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = () => rm(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await new Promise((resolve) => subscriber?.server.close(resolve));
  await cleanup?.();
});

describe('a crash between commit and delivery', () => {
  it('loses no topic: the next process delivers it, once', async () => {
    // The relay would only look after a minute: killed right after the commit.
    const first = start({
      ...databaseEnv,
      SUBSCRIBER_URL: subscriber.url(),
      CREATE: '1',
      RELAY_EVERY_MS: '60000',
    });
    const orderId = (await first.waitFor(/^COMMITTED /)).split(' ')[1]!;
    await killed(first, 'SIGKILL');
    expect(subscriber.receipts).toEqual([]);

    const second = start({ ...databaseEnv, SUBSCRIBER_URL: subscriber.url() });
    const delivered = (await second.waitFor(/^DELIVERED /)).split(' ')[1]!;
    await killed(second, 'SIGTERM');
    expect(subscriber.receipts).toEqual([
      {
        id: delivered,
        topic: 'order_created',
        orderId,
        occurredAt: expect.any(String),
        payload: expect.any(Object),
      },
    ]);
    expect([...subscriber.handled.keys()]).toEqual([delivered]);
  }, 180_000);

  it('delivers again what was sent but not acknowledged, and the subscriber handles it once by id', async () => {
    subscriber.receipts = [];
    subscriber.handled.clear();
    subscriber.hang = true;
    const received = subscriber.nextReceipt();
    const first = start({
      ...databaseEnv,
      SUBSCRIBER_URL: subscriber.url(),
      CREATE: '1',
      LEASE_MS: '1000',
    });
    const orderId = (await first.waitFor(/^COMMITTED /)).split(' ')[1]!;
    const sent = await received;
    expect(sent.orderId).toBe(orderId);
    await killed(first, 'SIGKILL');
    subscriber.hang = false;

    const second = start({ ...databaseEnv, SUBSCRIBER_URL: subscriber.url() });
    await second.waitFor(new RegExp(`^DELIVERED ${sent.id}$`));
    await killed(second, 'SIGTERM');
    expect(subscriber.receipts.map((r) => r.id)).toEqual([sent.id, sent.id]);
    expect([...subscriber.handled.keys()]).toEqual([sent.id]);
  }, 180_000);
});
