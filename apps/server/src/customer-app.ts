import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The customer app's build: /customer/login answered by login.html (the sign-in page), every other
 * unknown path under /customer/ by index.html.
 */
export function registerCustomerApp(app: FastifyInstance, dir: string, decorateReply: boolean) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`The customer app is not built (${index} is missing): run npm run build`);
    return;
  }
  app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/customer/',
      wildcard: false,
      decorateReply,
      index: false,
      // scripts/compress-assets.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // The app's routes are client-side: every path under /customer/ gets index.html, never cached,
    // so a new deploy is picked up at once (its hashed assets are cached for a year).
    const sendPage = (file: string) => (_req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(file, dir, { cacheControl: false });
    };
    const sendIndex = sendPage('index.html');
    // The sign-in page is a light page of its own, outside the app (docs/decisions/011).
    const sendLogin = sendPage('login.html');
    scope.get('/customer/login', sendLogin);
    scope.get('/customer/', sendIndex);
    scope.get('/customer/*', sendIndex);
    scope.get('/', (_req, reply) => reply.redirect('/customer/'));
  });
}
