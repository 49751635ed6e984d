import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back office is served by the one-process server under /staff/ (design brief §2), as the
// customer app is under /customer/. Desktop-first, used on office networks: one entry and lazy
// pages, without the customer app's first-paint tuning for phones.
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, React Router, Mantine and TanStack Query make the entry ~550 kB minified.
    chunkSizeWarningLimit: 700,
    modulePreload: { polyfill: false },
  },
});
