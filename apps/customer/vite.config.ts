import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { firstPageChunks } from './first-page-chunks';
import { frameworkPreloadLow } from './framework-preload-low';
import { loadFontEarly } from './load-font-early';
import { routePreload } from './route-preload';
import { sessionPreload } from './session-preload';

/**
 * The sign-in page is its own light page (login.html, src/sign-in/: no React; ADR 011). The
 * server answers /customer/login with it; so does the dev server.
 */
function signInPage(): Plugin {
  return {
    name: 'pawfresh-sign-in-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (/^\/customer\/login\/?(\?|$)/.test(req.url ?? '')) {
          req.url = req.url?.replace(/^\/customer\/login\/?/, '/customer/login.html');
        }
        next();
      });
    },
  };
}

/**
 * React Router's package exports only name its development build (`dist/development`, with its
 * warnings for developers); its production build sits beside it under the same file names. The
 * production bundle imports that one (ADR 013).
 */
function reactRouterProductionBuild(): string {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(pkg), 'dist/production/index.mjs');
}

const root = fileURLToPath(new URL('.', import.meta.url));

/** The pages opened first (a bookmark, a reload, the page after signing in), by route module. */
const firstPages = {
  deliveries: 'src/app/routes/deliveries/deliveries.tsx',
  account: 'src/app/routes/account/account.tsx',
  dogs: 'src/app/routes/dogs/dogs.tsx',
};

// The app is served by the one-process server under /customer/ (design brief §2), so every asset
// URL carries that base. In dev, API calls go to the same origin and are proxied to that server.
export default defineConfig(({ command }) => ({
  base: '/customer/',
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : [],
  },
  plugins: [
    react(),
    signInPage(),
    // The pages opened first: their route chunks load with the entry (route-preload.ts).
    routePreload('/customer/', {
      '/deliveries': firstPages.deliveries,
      '': firstPages.deliveries,
      '/account': firstPages.account,
      '/dogs': firstPages.dogs,
    }),
    // The app's text font loads from the first paint on, not from the app's first text.
    loadFontEarly('Nunito Variable'),
    // The framework chunk does not compete with the stylesheets for the first paint.
    frameworkPreloadLow(),
    // A signed-in page load starts GET /refresh before the scripts arrive (early-refresh.ts).
    sessionPreload(),
  ],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A budget, not a silencer: React, React Router, Mantine and TanStack Query alone make the
    // entry chunk ~510 kB minified (~158 kB gzip). Pages are lazy routes; warn if the entry grows.
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself (no polyfill in the entry).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the app, and the light sign-in page.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        login: fileURLToPath(new URL('login.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs before anything else (React, the router, TanStack Query,
              // Mantine's core and the components of the frame and the loading page) in one file
              // instead of a dozen: over HTTP/1.1 a phone opens six connections, and each wave of
              // requests costs a round trip. Only modules the entry loads anyway belong here.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Loader|UnstyledButton|Paper|Button|Transition|Text|Title|Anchor|Group|Stack|Container|Center))|@mantine[\\/]hooks[\\/]esm[\\/](use-media-query|use-did-update|use-reduced-motion|use-focus-return))[\\/]/,
              priority: 20,
            },
            {
              // The Mantine pieces the first pages (deliveries, account, dogs) use beyond the
              // framework's, in one file instead of sixteen (ADR 013). Later pages that use one of
              // them load it too.
              name: 'page-components',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|Badge|Card|CloseButton|SimpleGrid|VisuallyHidden)|@mantine[\\/]hooks[\\/]esm[\\/](use-id))[\\/.]/,
              priority: 15,
            },
            {
              // Each first page's own modules in one chunk per page and one they share, instead
              // of a dozen small ones (first-page-chunks.ts).
              name: firstPageChunks(root, firstPages, ['src/main.tsx', 'src/sign-in/main.ts']),
              debugName: 'first pages',
              priority: 10,
              // Only those modules: what the pages share with the entries stays where it is.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
