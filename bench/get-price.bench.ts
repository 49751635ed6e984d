/**
 * `npm run bench` (second part): the price calculation.
 *
 * 1. In-process: prices per second for a realistic order (two dogs on fortnightly plans, a treat,
 *    a supplement, shipping, a recurring 10%) — validating the request and calling
 *    `calculatePrice` — against a baseline of the same loop doing only the validation. The ratio
 *    says what the calculation costs on top of reading the request.
 * 2. HTTP: `POST /svc/pricing/pricing/get-price` through the real server (service credentials,
 *    the discount loaded from the database), req/s and p99.
 *
 * Options: BENCH_ITERATIONS (default 20000), BENCH_DURATION seconds (default 5), BENCH_CONNECTIONS
 * (default 10). DATABASE_URL points the server at PostgreSQL instead of a throwaway PGlite.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { getPriceInput } from '@pawfresh/contracts/pricing';
import { calculatePrice, DEMO_PRICING_IDS, priceCalculationFixture } from '@pawfresh/pricing';
import { checkRun, originOf, positiveInt, round2, showRatio, startRealServer } from './lib.js';

const iterations = positiveInt('BENCH_ITERATIONS', 20_000);
const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);

const fixture = priceCalculationFixture();
const { discounts, ...request } = fixture;
const body = JSON.parse(JSON.stringify(request)) as unknown;

/** Runs `fn` `n` times; answers operations per second. */
function opsPerSecond(n: number, fn: () => unknown): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return n / seconds;
}

function inProcess() {
  const validateOnly = () => getPriceInput.parse(body);
  const price = () => calculatePrice({ ...getPriceInput.parse(body), discounts });
  // Warm both paths up before measuring; alternate the order so drift hits both alike.
  opsPerSecond(Math.ceil(iterations / 4), validateOnly);
  opsPerSecond(Math.ceil(iterations / 4), price);
  const baseline: number[] = [];
  const real: number[] = [];
  for (let round = 0; round < 3; round++) {
    if (round % 2 === 0) {
      baseline.push(opsPerSecond(iterations, validateOnly));
      real.push(opsPerSecond(iterations, price));
    } else {
      real.push(opsPerSecond(iterations, price));
      baseline.push(opsPerSecond(iterations, validateOnly));
    }
  }
  const best = (xs: number[]) => Math.max(...xs);
  return { baseline: best(baseline), real: best(real) };
}

async function overHttp() {
  const server = await startRealServer();
  const { app, serviceHeaders: headers } = server;
  const baseline = Fastify();
  try {
    const url = `${originOf(app)}/svc/pricing/pricing/get-price`;
    const payload = JSON.stringify({
      ...request,
      discountId: DEMO_PRICING_IDS.discounts.everyBox10,
    });
    const check = await fetch(url, { method: 'POST', headers, body: payload });
    if (check.status !== 200)
      throw new Error(`get-price answered ${check.status}: ${await check.text()}`);
    const answer = await check.text();
    const priced = JSON.parse(answer) as { totalPrice: number };
    // The baseline: a bare Fastify route answering the same JSON from memory (it parses the body).
    baseline.post('/svc/pricing/pricing/get-price', async (_req, reply) =>
      reply.type('application/json').send(answer),
    );
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    const measure = async (target: string) => {
      const options = { url: target, method: 'POST' as const, headers, body: payload, connections };
      await autocannon({ ...options, duration: 2 });
      const result = await autocannon({ ...options, duration });
      checkRun(`get-price ${target}`, result);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    const base = await measure(`${originOf(baseline)}/svc/pricing/pricing/get-price`);
    const real = await measure(url);
    return { totalPrice: priced.totalPrice, ...real, base };
  } finally {
    await baseline.close();
    await server.close();
  }
}

async function main() {
  console.log(`get-price: ${os.cpus().length} CPUs, ${iterations} iterations per in-process run`);
  const local = inProcess();
  console.log(`in-process  validation only (baseline)  ${Math.round(local.baseline)} /s`);
  console.log(`in-process  validation + calculatePrice   ${Math.round(local.real)} prices/s`);
  console.log(`ratio (prices / validations per second): ${showRatio(local.real / local.baseline)}`);
  const http = await overHttp();
  console.log(
    `HTTP POST /svc/pricing/pricing/get-price: ${Math.round(http.rps)} req/s, p50 ${http.p50} ms, p99 ${http.p99} ms (total ${http.totalPrice} cents; ${connections} connections, ${duration} s)`,
  );
  console.log(
    `HTTP baseline (bare Fastify, same JSON): ${Math.round(http.base.rps)} req/s, p99 ${http.base.p99} ms; ratio ${showRatio(http.rps / http.base.rps)}`,
  );
  console.log(`per price in-process: ${round2(1e6 / local.real)} µs`);
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
