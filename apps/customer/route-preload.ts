import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * The pages people open first (signing in, and the main pages a bookmark or reload lands on) start
 * loading their route chunk, its shared chunks and its CSS with the entry, instead of after the
 * entry has run and the router has matched the path (one round trip less on a phone). A small
 * inline script in index.html adds the `modulepreload` / stylesheet links for the current path;
 * the router's own `import()` then finds them loaded. Paths are the app's (under /customer).
 */
export function routePreload(base: string, routes: Record<string, string>): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'pawfresh-route-preload',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        ) as unknown as Chunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entryFiles = new Set<string>();
        // Each HTML page has its own entry (index.html: the app; login.html: the sign-in page).
        const entry = ctx.chunk as Chunk | undefined;
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
        };
        if (entry) walk(entry.fileName, entryFiles);

        // What a first visit to each page downloads (gzip, as the server sends it): the entry and
        // its imports, the route's chunks, and their CSS. Printed with every build.
        const gzipped = new Map<string, number>();
        const gzipSize = (file: string) => {
          if (!gzipped.has(file)) {
            const item = bundle[file] as
              { code?: string; source?: string | Uint8Array } | undefined;
            const body = item?.code ?? item?.source ?? '';
            gzipped.set(file, gzipSync(body, { level: 9 }).length);
          }
          return gzipped.get(file) ?? 0;
        };
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
        const firstLoad = (files: Set<string>) => {
          let js = 0;
          const css = new Set<string>();
          for (const file of files) {
            js += gzipSize(file);
            for (const sheet of byFile.get(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
          }
          let cssBytes = 0;
          for (const sheet of css) cssBytes += gzipSize(sheet);
          return `JS ${kib(js)}, CSS ${kib(cssBytes)} gzip`;
        };
        // The sign-in page (login.html) is its own light entry, not a route of the app (ADR 011).
        if (!ctx.filename.endsWith('index.html')) {
          logger?.info(`First load of ${ctx.path}: ${firstLoad(entryFiles)}`);
          return html;
        }
        const report = [`  entry only: ${firstLoad(entryFiles)}`];

        const preloads: Record<string, string[]> = {};
        for (const [path, moduleSuffix] of Object.entries(routes)) {
          // The route module's own chunk, or the first page's chunk it is in (first-page-chunks.ts).
          const route = chunks.find((chunk) =>
            chunk.moduleIds.some((id) => id.endsWith(moduleSuffix)),
          );
          if (!route) throw new Error(`routePreload: no chunk for ${moduleSuffix}`);
          const files = new Set<string>();
          walk(route.fileName, files);
          const urls: string[] = [];
          for (const file of files) {
            if (!entryFiles.has(file)) urls.push(base + file);
            for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) {
              if (!entryFiles.has(file)) urls.push(base + css);
            }
          }
          preloads[base.replace(/\/$/, '') + path] = urls;
          if (path) {
            report.push(
              `  ${base}${path.replace(/^\//, '')}: ${firstLoad(new Set([...entryFiles, ...files]))}`,
            );
          }
        }
        logger?.info(`First load per page (routePreload):\n${report.join('\n')}`);
        const script = `(function(){var m=${JSON.stringify(preloads)};var p=location.pathname.replace(/\\/$/,'');var l=m[p]||[];for(var i=0;i<l.length;i++){var e=document.createElement('link');var css=/\\.css$/.test(l[i]);e.rel=css?'stylesheet':'modulepreload';e.href=l[i];e.crossOrigin='';document.head.appendChild(e)}})();`;
        return {
          html,
          tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
