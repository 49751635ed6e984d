import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { routePreload } from './route-preload';
import { sessionPreload } from './session-preload';

// The app is served by the one-process server under /customer/ (design brief §2), so every asset
// URL carries that base. In dev, API calls go to the same origin and are proxied to that server.
export default defineConfig({
  base: '/customer/',
  plugins: [
    react(),
    // The pages opened first: their route chunks load with the entry (route-preload.ts).
    routePreload('/customer/', {
      '/login': 'src/app/routes/auth/login.tsx',
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
  },
});
