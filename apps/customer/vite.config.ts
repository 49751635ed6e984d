import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// The app is served by the one-process server under /customer/ (design brief §2), so every asset
// URL carries that base. In dev, API calls go to the same origin and are proxied to that server.
export default defineConfig({
  base: '/customer/',
  plugins: [
    react(),
    signInPage(),
    // The pages opened first: their route chunks load with the entry (route-preload.ts).
    routePreload('/customer/', {
      '/deliveries': 'src/app/routes/deliveries/deliveries.tsx',
      '': 'src/app/routes/deliveries/deliveries.tsx',
      '/account': 'src/app/routes/account/account.tsx',
      '/dogs': 'src/app/routes/dogs/dogs.tsx',
    }),
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
          ],
        },
      },
    },
  },
});
