import type { Plugin } from 'vite';

import { earlyRefreshScript } from './src/lib/auth/early-refresh';

/**
 * Puts the early session refresh (src/lib/auth/early-refresh.ts) at the top of index.html's head,
 * so a signed-in page load asks for its access token while the app's scripts download.
 */
export function sessionPreload(): Plugin {
  return {
    name: 'pawfresh-session-preload',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({
        html,
        tags: [{ tag: 'script', children: earlyRefreshScript(), injectTo: 'head-prepend' }],
      }),
    },
  };
}
