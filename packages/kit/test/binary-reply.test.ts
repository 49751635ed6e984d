import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ServiceCallError,
  TestClock,
  binaryReply,
  createServiceClient,
  defineContract,
  injectFetch,
  notFound,
  servicePlugin,
} from '../src/index.js';

const contract = defineContract({
  service: 'files',
  title: 'Files',
  description: 'Answers that are not JSON',
  version: '1.0.0',
  endpoints: {
    getFile: {
      method: 'GET',
      path: '/files/:name',
      summary: 'A file',
      params: z.object({ name: z.enum(['report.pdf', 'list.csv', 'missing']) }),
      response: z.string(),
      produces: ['application/pdf', 'text/csv'],
      access: 'public',
      errors: [400, 404],
    },
  },
});

const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x0a]);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(
    servicePlugin({
      contract,
      basePath: '',
      runtime: {
        mountPath: '',
        serviceToken: 'a-test-token-that-is-long-enough-000',
        accessTokenSecret: 'a-test-access-token-secret-0000000000',
        clock: new TestClock(),
      },
      handlers: {
        getFile: async ({ params }) => {
          if (params.name === 'report.pdf') {
            return binaryReply(PDF, 'application/pdf', { filename: 'report "1".pdf' });
          }
          if (params.name === 'list.csv') {
            return binaryReply('a,b\r\n1,é\r\n', 'text/csv; charset=utf-8', {
              disposition: 'attachment',
              filename: 'list.csv',
            });
          }
          throw notFound('No such file');
        },
      },
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('binary replies', () => {
  it('sends the bytes as they are, with their media type and file name', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/report.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="report__1_.pdf"');
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('sends text in UTF-8, as an attachment when asked', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/list.csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="list.csv"');
    expect(res.body).toBe('a,b\r\n1,é\r\n');
  });

  it('keeps errors in the JSON envelope', async () => {
    const missing = await app.inject({ method: 'GET', url: '/files/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No such file', statusCode: 404 });
    const bad = await app.inject({ method: 'GET', url: '/files/other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400 });
  });

  it('reaches a caller through the service client as the same bytes, type and file name', async () => {
    const client = createServiceClient(contract, {
      baseUrl: 'http://files',
      fetch: injectFetch(app),
    });
    const pdf = await client.getFile({ params: { name: 'report.pdf' } });
    expect(pdf.body.equals(PDF)).toBe(true);
    expect(pdf).toMatchObject({
      contentType: 'application/pdf',
      filename: 'report__1_.pdf',
      disposition: 'inline',
    });
    const csv = await client.getFile({ params: { name: 'list.csv' } });
    expect(csv.body.toString('utf8')).toBe('a,b\r\n1,é\r\n');
    expect(csv).toMatchObject({ disposition: 'attachment', filename: 'list.csv' });
    // A refusal is still the envelope, thrown as a ServiceCallError.
    const missing = await client.getFile({ params: { name: 'missing' } }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ServiceCallError);
    expect(missing).toMatchObject({ status: 404, body: { message: 'No such file' } });
  });

  it('describes the endpoint in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toContain('/files/{name}');
  });
});
