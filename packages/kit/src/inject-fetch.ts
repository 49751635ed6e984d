import type { FastifyInstance } from 'fastify';

/**
 * Calls a service of this same process through its full HTTP pipeline (routing, credentials,
 * validation, serialization) without a socket: Fastify's `inject`, shaped as `fetch`.
 */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, String(v));
    }
    const nullBody = [101, 103, 204, 205, 304].includes(res.statusCode);
    return new Response(nullBody ? null : (res.rawPayload as Uint8Array<ArrayBuffer>), {
      status: res.statusCode,
      headers,
    });
  };
}
