import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ServiceCallError,
  createServiceClient,
  defineContract,
  injectFetch,
  notFound,
  rawJson,
  requestContext,
  servicePlugin,
  TestClock,
} from '../src/index.js';
import { expectConsoleError } from '@pawfresh/testing';

const TOKEN = 'a-test-token-that-is-long-enough-000';
const SECRET = 'a-test-access-token-secret-0000000000';

const contract = defineContract({
  service: 'widgets',
  title: 'Widgets',
  description: 'A contract for testing the kit',
  version: '1.0.0',
  endpoints: {
    getWidget: {
      method: 'GET',
      path: '/widgets/:id',
      summary: 'One widget',
      params: z.object({ id: z.uuid() }),
      query: z.object({ verbose: z.enum(['yes', 'no']).optional() }),
      response: z.object({ id: z.uuid(), name: z.string(), requestId: z.string().optional() }),
      errors: [400, 404],
    },
    createWidget: {
      method: 'POST',
      path: '/widgets',
      summary: 'Make a widget',
      status: 201,
      body: z.object({ name: z.string().min(1) }).strict(),
      response: z.object({ id: z.uuid() }),
    },
    deleteWidget: {
      method: 'DELETE',
      path: '/widgets/:id',
      summary: 'Remove a widget',
      status: 204,
      params: z.object({ id: z.uuid() }),
      response: z.undefined(),
    },
    listWidgets: {
      method: 'GET',
      path: '/widgets',
      summary: 'Every widget, tagged',
      response: z.array(z.object({ name: z.string() })),
    },
    broken: {
      method: 'GET',
      path: '/broken',
      summary: 'Answers something its contract does not allow',
      response: z.object({ n: z.number() }),
      access: 'public',
    },
    passedThrough: {
      method: 'GET',
      path: '/passed-through/:n',
      summary: 'Answers JSON it wrote itself, sent as it is',
      params: z.object({ n: z.string() }),
      response: z.object({ n: z.number() }),
      access: 'public',
    },
  },
});

const known = '7d0c4b1e-2f3a-4c5d-8e9f-0a1b2c3d4e5f';
let app: FastifyInstance;
let listCalls = 0;
let version = 1;
let baseUrl: string;

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRequest', (req, _reply, done) =>
    requestContext.run({ requestId: String(req.headers['x-request-id'] ?? req.id) }, done),
  );
  await app.register(
    servicePlugin({
      contract,
      basePath: '',
      runtime: {
        mountPath: '/w',
        serviceToken: TOKEN,
        accessTokenSecret: SECRET,
        clock: new TestClock(),
        settings: { environment: 'test' },
      },
      handlers: {
        getWidget: async ({ params }, request) => {
          if (params.id !== known) throw notFound(`Widget ${params.id} not found`);
          return {
            id: known,
            name: 'Sprocket',
            requestId: String(request.headers['x-request-id'] ?? ''),
          };
        },
        createWidget: async () => ({ id: known }),
        deleteWidget: async () => {},
        listWidgets: async () => {
          listCalls += 1;
          return rawJson(JSON.stringify([{ name: `v${version}` }]), `widgets-${version}`);
        },
        broken: async () => ({ n: 'not a number' }) as unknown as { n: number },
        passedThrough: async ({ params }) =>
          rawJson(`{"n":${/^\d+$/.test(params.n) ? params.n : JSON.stringify(params.n)}}`),
      },
    }),
    { prefix: '/w' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/w`;
});
afterAll(async () => {
  await app?.close();
});

describe('a client of a service in this process (injectFetch)', () => {
  const inProcess = (fetchOf = injectFetch(app)) =>
    createServiceClient(contract, {
      baseUrl: 'http://in-process/w',
      token: TOKEN,
      fetch: fetchOf,
    });

  it('calls, is refused and revalidates as over HTTP', async () => {
    const client = inProcess();
    await expect(client.getWidget({ params: { id: known } })).resolves.toMatchObject({
      id: known,
      name: 'Sprocket',
    });
    await expect(client.createWidget({ body: { name: 'Cog' } })).resolves.toEqual({ id: known });
    await expect(client.deleteWidget({ params: { id: known } })).resolves.toBeUndefined();
    await expect(client.createWidget({ body: { name: '' } })).rejects.toMatchObject({
      status: 400,
      body: { message: ['name must not be empty'] },
    });
    const seen: number[] = [];
    const inject = injectFetch(app);
    const counting = inProcess(async (url, init) => {
      const res = await inject(url, init);
      seen.push(res.status);
      return res;
    });
    const first = await counting.listWidgets({});
    expect(await counting.listWidgets({})).toEqual(first);
    expect(seen).toEqual([200, 304]);
  });

  it('takes its answers as the serializer checked them, and one over the network is checked', async () => {
    // An answer that breaks the contract: only a service in another process could send it.
    const broken = async () =>
      new Response(JSON.stringify({ id: known, name: 42 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    for (const baseUrl of ['http://in-process/w', 'http://widgets.svc/w']) {
      const client = createServiceClient(contract, { baseUrl, token: TOKEN, fetch: broken });
      await expect(client.getWidget({ params: { id: known } })).resolves.toEqual({
        id: known,
        name: 42,
      });
    }
    const remote = createServiceClient(contract, {
      baseUrl: 'http://widgets.example:4000/w',
      token: TOKEN,
      fetch: broken,
    });
    await expect(remote.getWidget({ params: { id: known } })).rejects.toThrow(
      'answered with a body that does not match its contract',
    );
  });
});

describe('a client derived from the contract', () => {
  it('calls every method with typed input and output', async () => {
    const client = createServiceClient(contract, { baseUrl, token: TOKEN });
    await expect(
      client.getWidget({ params: { id: known }, query: { verbose: 'yes' } }),
    ).resolves.toMatchObject({
      id: known,
      name: 'Sprocket',
    });
    await expect(client.createWidget({ body: { name: 'Cog' } })).resolves.toEqual({ id: known });
    await expect(client.deleteWidget({ params: { id: known } })).resolves.toBeUndefined();
  });

  it('throws a ServiceCallError carrying the status and the message', async () => {
    const client = createServiceClient(contract, { baseUrl, token: TOKEN });
    const other = '11111111-2222-4333-8444-555555555555';
    const err = await client.getWidget({ params: { id: other } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceCallError);
    expect(err).toMatchObject({
      status: 404,
      body: { message: `Widget ${other} not found`, statusCode: 404 },
    });
    const bad = await client.createWidget({ body: { name: '' } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, body: { message: ['name must not be empty'] } });
  });

  it('revalidates tagged answers: an unchanged list costs a 304, a changed one is fetched', async () => {
    const client = createServiceClient(contract, { baseUrl, token: TOKEN });
    const seen: number[] = [];
    const counting = createServiceClient(contract, {
      baseUrl,
      token: TOKEN,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        seen.push(res.status);
        return res;
      },
    });
    expect(await counting.listWidgets({})).toEqual([{ name: 'v1' }]);
    const cached = await counting.listWidgets({});
    expect(cached).toEqual([{ name: 'v1' }]);
    expect(Object.isFrozen(cached)).toBe(true);
    version = 2;
    expect(await counting.listWidgets({})).toEqual([{ name: 'v2' }]);
    expect(seen).toEqual([200, 304, 200]);
    expect(listCalls).toBeGreaterThanOrEqual(3);
    expect(await client.listWidgets({})).toEqual([{ name: 'v2' }]);
  });

  it('is refused without the service credentials', async () => {
    const client = createServiceClient(contract, { baseUrl, token: 'wrong-token' });
    await expect(client.getWidget({ params: { id: known } })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('forwards the request id of the request being served', async () => {
    const client = createServiceClient(contract, { baseUrl, token: TOKEN });
    const answer = await requestContext.run({ requestId: 'req-abc-123' }, () =>
      client.getWidget({ params: { id: known } }),
    );
    expect(answer.requestId).toBe('req-abc-123');
  });

  it('reports a service that cannot be reached as status 0', async () => {
    const client = createServiceClient(contract, { baseUrl: 'http://127.0.0.1:9', token: TOKEN });
    await expect(client.getWidget({ params: { id: known } })).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('widgets service could not be reached'),
    });
  });

  it('never answers a body its own contract forbids: a 500 without details', async () => {
    const spy = expectConsoleError();
    const res = await fetch(`${baseUrl}/broken`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: 'Internal server error',
      error: 'Internal Server Error',
      statusCode: 500,
      type: 'internal',
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends JSON a handler wrote as it is, and in tests checks it against the contract too', async () => {
    const spy = expectConsoleError();
    const res = await fetch(`${baseUrl}/passed-through/seven`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: 'Internal server error', type: 'internal' });
    expect(spy).not.toHaveBeenCalled();
    const sent = await fetch(`${baseUrl}/passed-through/7`);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toBe('{"n":7}');
    expect(sent.headers.get('etag')).toBeNull();
  });
});
