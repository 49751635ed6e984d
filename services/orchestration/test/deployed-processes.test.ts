import { connect as connectSocket, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CrashServers, TOKEN, freePort, stop, waitFor, type Server } from './crash-server.js';

/**
 * The container's processes without the container (no Docker engine runs here, docs/deployment.md):
 * the built server started on plain node as the image's CMD starts it, two processes with their
 * own executor ids and one pinned version on one PostgreSQL database. Each is ready, serves its
 * metrics, passes a request id on to the services it calls, and a SIGTERM lets a request in flight
 * finish before the process exits 0. (PostgreSQL only: PGlite is one process's database.)
 */
const postgres = inject('testDatabase').kind === 'postgres';
const bearer = { authorization: `Bearer ${TOKEN}` };

let api: CrashServers;
let first: Server;
let second: Server;

beforeAll(async () => {
  if (!postgres) return;
  api = await CrashServers.create({
    WORKFLOW_STEP_DELAY_MS: '0',
    WORKFLOW_APPLICATION_VERSION: 'deploy-test-1',
  });
  first = await api.started({ WORKFLOW_EXECUTOR_ID: 'replica-a' });
  second = await api.started({ WORKFLOW_EXECUTOR_ID: 'replica-b' }, await freePort());
}, 300_000);
afterAll(() => api?.close());

const exited = (server: Server) =>
  new Promise<number | null>((resolve) => {
    if (server.process.exitCode !== null) resolve(server.process.exitCode);
    else server.process.once('exit', (code) => resolve(code));
  });

async function metricsOf(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/metrics`, { headers: bearer });
  expect(res.status).toBe(200);
  return res.text();
}

/** One series' value in Prometheus text (undefined when absent). */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.skipIf(!postgres)('the server processes as deployed', () => {
  it('are each live and ready, and serve metrics to the service credentials only', async () => {
    for (const server of [first, second]) {
      const live = await fetch(`${server.base}/health/live`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${server.base}/health/ready`);
      expect(await ready.json()).toEqual({ status: 'ok' });
      expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
      const text = await metricsOf(server);
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      expect(text).toContain('pawfresh_http_request_duration_seconds_bucket{');
      expect(valueOf(text, 'pawfresh_order_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    }
  });

  it('pass a request id on to the services a request calls, and log it on their lines', async () => {
    const res = await fetch(`${second.base}/api/v1/products`, {
      headers: { 'x-request-id': 'deploy-check-42' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('deploy-check-42');
    // The customer API's in-process call to the product service answered under the same id.
    const productLine = await waitFor('the product call to be logged', async () =>
      second.output
        .join('')
        .split('\n')
        .find(
          (line) =>
            line.includes('"url":"/svc/product/api/v1/products') &&
            line.includes('"reqId":"deploy-check-42"'),
        ),
    );
    expect(productLine).toContain('"statusCode":200');
  });

  it('on SIGTERM stop taking work, answer the request in flight, and exit 0', async () => {
    const body = JSON.stringify({ email: 'demo@pawfresh.com.au', password: 'woofwoof1' });
    const socket: Socket = connectSocket(Number(new URL(second.base).port), '127.0.0.1');
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    // Headers and half the body: the request is in flight until the rest arrives.
    socket.write(
      `POST /api/v1/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    // Served now: the login, and the scrape that counts it.
    await waitFor('the login to be in flight', async () =>
      (valueOf(await metricsOf(second), 'pawfresh_http_requests_in_flight') ?? 0) >= 2
        ? true
        : undefined,
    );
    const exit = exited(second);
    second.process.kill('SIGTERM');
    // It takes no new connection (and the other process still does)...
    await waitFor('the stopping process to refuse connections', async () =>
      fetch(`${second.base}/health/live`).then(
        () => undefined,
        () => true,
      ),
    );
    expect((await fetch(`${first.base}/health/ready`)).status).toBe(200);
    // ...but the request it had is answered in full.
    socket.write(body.slice(10));
    const reply = await answer;
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('"accessToken"');
    expect(await exit).toBe(0);
    expect(second.output.join('')).toContain('requests drained');
  });

  it('leave the other process serving', async () => {
    const res = await fetch(`${first.base}/health/ready`);
    expect(res.status).toBe(200);
    await stop(first, 'SIGTERM');
    expect(first.process.exitCode).toBe(0);
  });
});
