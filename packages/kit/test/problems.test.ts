import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  defineContract,
  HttpError,
  isCallStatus,
  isDatabaseUnavailable,
  isPassedRefusal,
  orNotFound,
  passRefusals,
  pathText,
  refuseIfAny,
  ServiceCallError,
  servicePlugin,
  TestClock,
  upstream,
  upstreamMessage,
  type Handlers,
} from '../src/index.js';

const TOKEN = 'a-test-token-that-is-long-enough-000';
const auth = { authorization: `Bearer ${TOKEN}` };

const callFailed = (status: number) =>
  new ServiceCallError('dogs', 'getDog', status, status ? { message: 'nope' } : undefined);

/** What a promise settled with: its value, or the error it was rejected with. */
const settle = <T>(promise: Promise<T>) => promise.catch((err: unknown) => err);

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('refuseIfAny', () => {
  it('lets a request with no problems through', () => {
    expect(() => refuseIfAny([])).not.toThrow();
  });

  it('refuses with every problem: their messages, and where each is in the body', () => {
    const problems = [
      { path: ['plans', 0, 'items', 1, 'weightInGrams'], message: 'Weigh it', code: 'weight' },
      { path: ['promotionCode'], message: 'One discount only', code: 'discount' },
    ];
    const err = thrownBy(() => refuseIfAny(problems));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      statusCode: 400,
      messages: ['Weigh it', 'One discount only'],
      options: {
        type: 'validation',
        details: [
          { in: 'body', path: ['plans', '0', 'items', '1', 'weightInGrams'], code: 'weight' },
          { in: 'body', path: ['promotionCode'], code: 'discount' },
        ],
      },
    });
  });
});

describe('pathText', () => {
  it('writes a path the way the messages name fields', () => {
    expect(pathText(['feedingPlans', 0, 'skus', 1])).toBe('feedingPlans[0].skus[1]');
    expect(pathText(['dog', 'name'])).toBe('dog.name');
    expect(pathText([0, 'name'])).toBe('[0].name');
    expect(pathText([])).toBe('');
  });
});

describe('isCallStatus', () => {
  it('is true only for a call to another service that answered that status', () => {
    expect(isCallStatus(callFailed(404), 404)).toBe(true);
    expect(isCallStatus(callFailed(409), 404)).toBe(false);
    expect(isCallStatus(new HttpError(404, 'Dog not found'), 404)).toBe(false);
    expect(isCallStatus(undefined, 404)).toBe(false);
  });
});

describe('orNotFound', () => {
  it('passes an answer through', async () => {
    expect(await orNotFound(Promise.resolve({ id: 1 }), 'Dog not found')).toEqual({ id: 1 });
  });

  it("turns the other service's 404 into ours, in our words", async () => {
    const err = await settle(orNotFound(Promise.reject(callFailed(404)), 'Dog not found'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 404, messages: 'Dog not found' });
  });

  it('answers undefined for a 404 when no words are given', async () => {
    expect(await orNotFound(Promise.reject(callFailed(404)))).toBeUndefined();
  });

  it('leaves every other failure as it was', async () => {
    for (const failure of [callFailed(409), callFailed(500), callFailed(0), new Error('boom')]) {
      expect(await settle(orNotFound(Promise.reject(failure), 'Dog not found'))).toBe(failure);
    }
  });
});

describe('upstream', () => {
  it('passes an answer through', async () => {
    expect(await upstream('Pricing the plan', async () => 42)).toBe(42);
  });

  it('turns a failure on the other side, or no answer at all, into a 502 that names the step', async () => {
    for (const status of [0, 500, 503]) {
      const err = await settle(
        upstream('Pricing the plan', () => Promise.reject(callFailed(status))),
      );
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({
        statusCode: 502,
        messages: 'Pricing the plan is not possible just now; try again in a minute',
        options: { type: 'upstream' },
      });
    }
  });

  it("leaves the other service's refusals and our own errors to the caller", async () => {
    for (const failure of [callFailed(400), callFailed(404), new Error('boom')]) {
      expect(await settle(upstream('Pricing the plan', () => Promise.reject(failure)))).toBe(
        failure,
      );
    }
  });

  it('words a 502 as what could not be done, and what to do', () => {
    expect(upstreamMessage('Reaching the dogs service')).toBe(
      'Reaching the dogs service is not possible just now; try again in a minute',
    );
  });
});

/** One route per way a handler can fail, under the service or the customer envelope. */
const contractFor = (errorStyle: 'service' | 'customer') => {
  const access = errorStyle === 'service' ? ('service' as const) : ('public' as const);
  return defineContract({
    service: errorStyle === 'service' ? 'widgets' : 'account',
    title: 'Kit test',
    description: 'Failures in both envelopes',
    version: '1.0.0',
    errorStyle,
    endpoints: {
      refused: {
        method: 'POST',
        path: '/refused',
        summary: 'Refuses with two problems',
        response: z.object({}),
        access,
      },
      unreachable: {
        method: 'GET',
        path: '/calls/:status',
        summary: 'Calls another service, which answers `status`',
        params: z.object({ status: z.coerce.number().int() }),
        response: z.object({}),
        access,
        fallbackMessage: 'We could not load your dog. Please try again.',
      },
      named: {
        method: 'GET',
        path: '/named',
        summary: 'Calls another service through upstream(), which does not answer',
        response: z.object({}),
        access,
      },
      databaseDown: {
        method: 'GET',
        path: '/database-down',
        summary: 'Reads the database while it restarts (the ORM wraps the driver error)',
        response: z.object({}),
        access,
      },
    },
  });
};

const handlers: Handlers<ReturnType<typeof contractFor>> = {
  refused: async () => {
    refuseIfAny([
      { path: ['dog', 'weight'], message: 'Weight must be greater than 0', code: 'too_small' },
      { path: ['dog', 'breeds', 0], message: 'Unknown breed: wolf', code: 'unknown_slug' },
    ]);
    return {};
  },
  unreachable: async ({ params }) => {
    throw callFailed(params.status);
  },
  named: () => upstream('Sizing the plan', () => Promise.reject(callFailed(0))),
  databaseDown: () => {
    const driver = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    throw new Error('Failed query: select 1', { cause: driver });
  },
};

async function appFor(errorStyle: 'service' | 'customer'): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(
    servicePlugin({
      contract: contractFor(errorStyle),
      basePath: '',
      handlers,
      runtime: {
        mountPath: '',
        serviceToken: TOKEN,
        accessTokenSecret: 'a-test-access-token-secret-0000000000',
        clock: new TestClock(),
      },
    }),
  );
  return app;
}

let service: FastifyInstance;
let customer: FastifyInstance;

beforeAll(async () => {
  service = await appFor('service');
  customer = await appFor('customer');
});
afterAll(async () => {
  await service?.close();
  await customer?.close();
});

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection to PostgreSQL, through the errors wrapping it', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P03'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true);
    // A query the database refused on its merits is no outage.
    expect(isDatabaseUnavailable(coded('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: coded('42P01') }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('a service-style route', () => {
  it('answers 503 unavailable, worth asking again, while its database cannot be reached', async () => {
    const res = await service.inject({ method: 'GET', url: '/database-down', headers: auth });
    expect(res.headers['retry-after']).toBe('1');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The database cannot be reached just now; try again in a moment',
      error: 'Service Unavailable',
      statusCode: 503,
      type: 'unavailable',
    });
  });

  it('answers refuseIfAny with a 400 in the envelope the schema errors use', async () => {
    const res = await service.inject({ method: 'POST', url: '/refused', headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ['Weight must be greater than 0', 'Unknown breed: wolf'],
      error: 'Bad Request',
      statusCode: 400,
      type: 'validation',
      details: [
        { in: 'body', path: ['dog', 'weight'], code: 'too_small' },
        { in: 'body', path: ['dog', 'breeds', '0'], code: 'unknown_slug' },
      ],
    });
  });

  it('answers an unhandled failed call to another service (no answer, or 5xx) with a 502', async () => {
    for (const status of [0, 500, 503]) {
      const res = await service.inject({ method: 'GET', url: `/calls/${status}`, headers: auth });
      expect(res.statusCode, String(status)).toBe(502);
      expect(res.json()).toEqual({
        message: 'Reaching the dogs service is not possible just now; try again in a minute',
        error: 'Bad Gateway',
        statusCode: 502,
        type: 'upstream',
      });
    }
  });

  it('names the step when the handler used upstream()', async () => {
    const res = await service.inject({ method: 'GET', url: '/named', headers: auth });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      message: 'Sizing the plan is not possible just now; try again in a minute',
      statusCode: 502,
      type: 'upstream',
    });
  });

  it("keeps a 500 for another service's unhandled refusal: that is our mistake, not theirs", async () => {
    const res = await service.inject({ method: 'GET', url: '/calls/404', headers: auth });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Internal server error',
      error: 'Internal Server Error',
      statusCode: 500,
      type: 'internal',
    });
  });
});

describe('a customer-style route', () => {
  it('keeps its 500 fallback words for a failed call to another service', async () => {
    for (const status of [0, 503]) {
      const res = await customer.inject({ method: 'GET', url: `/calls/${status}` });
      expect(res.statusCode, String(status)).toBe(500);
      expect(res.json()).toEqual({ error: 'We could not load your dog. Please try again.' });
    }
  });

  it('answers refuseIfAny in the customer envelope: the messages in one line', async () => {
    const res = await customer.inject({ method: 'POST', url: '/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Weight must be greater than 0; Unknown breed: wolf',
    });
  });
});

describe('isPassedRefusal', () => {
  const refusedWith = (status: number, type?: string) =>
    new ServiceCallError('order', 'replaceLineItems', status, {
      message: 'Order changed',
      ...(type ? { type } : {}),
    });
  const passed = async (err: unknown) =>
    passRefusals('Changing the order', () => Promise.reject(err)).catch((e: unknown) => e);

  it("reads another service's refusal as passRefusals passes it on, by status and type", async () => {
    const conflict = await passed(refusedWith(409, 'version_moved'));
    expect(isPassedRefusal(conflict, 409)).toBe(true);
    expect(isPassedRefusal(conflict, 409, 'version_moved')).toBe(true);
    expect(isPassedRefusal(conflict, 409, 'other')).toBe(false);
    expect(isPassedRefusal(conflict, 404)).toBe(false);
    // Not passed on: the raw call error is read with isRefused instead.
    expect(isPassedRefusal(refusedWith(409), 409)).toBe(false);
    expect(isPassedRefusal(new Error('boom'), 409)).toBe(false);
  });
});
