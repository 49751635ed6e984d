import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

interface WebApp {
  /** What the warning calls it when it is not built. */
  name: string;
  /** Its build folder (index.html and assets/). */
  dir: string;
  /** Where it is served: `/customer/`, `/staff/`. */
  prefix: string;
  /** Pages answered by an HTML file of their own (the customer app's light sign-in page). */
  pages?: Record<string, string>;
}

/**
 * A web app's build under its prefix: its assets (compressed at build time), the pages given by
 * their own HTML file, and index.html for every other path under the prefix (client-side routes).
 */
function registerWebApp(
  app: FastifyInstance,
  { name, dir, prefix, pages = {} }: WebApp,
  decorateReply: boolean,
): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`The ${name} is not built (${index} is missing): run npm run build`);
    return false;
  }
  app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: dir,
      prefix,
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
    // The app's routes are client-side: every path under the prefix gets index.html, never
    // cached, so a new deploy is picked up at once (its hashed assets are cached for a year).
    const sendPage = (file: string) => (_req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(file, dir, { cacheControl: false });
    };
    for (const [url, file] of Object.entries(pages)) scope.get(url, sendPage(file));
    const sendIndex = sendPage('index.html');
    scope.get(prefix, sendIndex);
    scope.get(`${prefix}*`, sendIndex);
  });
  return true;
}

/**
 * The customer app's build: /customer/login answered by login.html (the sign-in page), every other
 * unknown path under /customer/ by index.html; the site's root goes to it.
 */
export function registerCustomerApp(app: FastifyInstance, dir: string, decorateReply: boolean) {
  const served = registerWebApp(
    app,
    {
      name: 'customer app',
      dir,
      prefix: '/customer/',
      // The sign-in page is a light page of its own, outside the app (docs/decisions/011).
      pages: { '/customer/login': 'login.html' },
    },
    decorateReply,
  );
  if (served) app.get('/', (_req, reply) => reply.redirect('/customer/'));
}

/** The back office's build (apps/staff) under /staff/: one page, its routes client-side. */
export function registerStaffApp(app: FastifyInstance, dir: string, decorateReply: boolean) {
  registerWebApp(app, { name: 'staff app', dir, prefix: '/staff/' }, decorateReply);
}
