import type { FastifyInstance } from 'fastify';
import { injectFetch, type FetchAnswer } from '@pawfresh/kit';

/**
 * Lets services under test call each other in-process: `http://<service>.svc/...` goes to that
 * service's app through `inject` (its whole HTTP pipeline, no socket). Pass `serviceUrl` to
 * `serviceApp` as `(name) => \`http://${name}.svc\``.
 */
export function routeFetch(apps: Record<string, FastifyInstance>) {
  return async (url: string, init: RequestInit): Promise<FetchAnswer> => {
    const name = new URL(url).hostname.replace(/\.svc$/, '');
    const app = apps[name];
    if (!app) throw new TypeError(`fetch failed: no service ${name} in this test`);
    return injectFetch(app)(url, init);
  };
}

export const svcUrl = (name: string) => `http://${name}.svc`;
