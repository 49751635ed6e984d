import type { FastifyInstance } from 'fastify';
import type { FetchAnswer } from './client.js';

/**
 * Calls a service of this same process through its full HTTP pipeline (routing, credentials,
 * validation, serialization) without a socket: Fastify's `inject`, shaped as `fetch`. The answer
 * is a plain one over the payload already in memory: a web `Response` would copy it into a
 * stream only for the caller to read it back.
 */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<FetchAnswer> => {
    const u = new URL(url);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const noBody = [101, 103, 204, 205, 304].includes(res.statusCode);
    return {
      status: res.statusCode,
      ok: res.statusCode >= 200 && res.statusCode < 300,
      headers: {
        get: (name) => {
          const value = res.headers[name.toLowerCase()];
          if (value === undefined) return null;
          return Array.isArray(value) ? value.join(', ') : String(value);
        },
      },
      body: noBody ? null : { cancel: async () => undefined },
      text: async () => (noBody ? '' : res.payload),
      arrayBuffer: async () => {
        const raw = res.rawPayload;
        return noBody
          ? new ArrayBuffer(0)
          : (raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer);
      },
    };
  };
}
