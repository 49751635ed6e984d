import type { FastifyInstance } from 'fastify';

/**
 * Lets services under test call each other in-process: `http://<service>.svc/...` goes to that
 * service's app through `inject` (its whole HTTP pipeline, no socket). Pass `serviceUrl` to
 * `serviceApp` as `(name) => \`http://${name}.svc\``.
 */
export function routeFetch(apps: Record<string, FastifyInstance>) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url);
    const name = u.hostname.replace(/\.svc$/, '');
    const app = apps[name];
    if (!app) throw new TypeError(`fetch failed: no service ${name} in this test`);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const nullBody = [204, 304].includes(res.statusCode);
    return new Response(nullBody ? null : res.body, {
      status: res.statusCode,
      headers: {
        'content-type': String(res.headers['content-type'] ?? 'application/json'),
        ...(res.headers.etag ? { etag: String(res.headers.etag) } : {}),
      },
    });
  };
}

export const svcUrl = (name: string) => `http://${name}.svc`;
