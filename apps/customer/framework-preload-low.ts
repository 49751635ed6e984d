import type { Plugin } from 'vite';

/**
 * index.html's preload of the `framework` chunk (React, the router, TanStack Query, Mantine's core:
 * 106 KiB on the wire) asks for it at low priority (`fetchpriority="low"`, ADR 013 third pass).
 * The first paint (the loading screen) needs only the document and its stylesheets; at the
 * script's default high priority the framework counted as a render-blocking request in
 * Lighthouse's simulated first paint whenever it had come before the real one (first paint
 * 1.8-2.0 s instead of 1.2-1.3 s). The entry's own import of it reuses this request.
 */
export function frameworkPreloadLow(): Plugin {
  return {
    name: 'pawfresh-framework-preload-low',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        const preload =
          /<link rel="modulepreload"( crossorigin)? href="([^"]*\/framework-[^"]*\.js)">/;
        if (!preload.test(html))
          throw new Error('index.html has no modulepreload of the framework chunk');
        return html.replace(preload, '<link rel="modulepreload" fetchpriority="low"$1 href="$2">');
      },
    },
  };
}
