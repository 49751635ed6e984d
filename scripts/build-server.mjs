// Builds the server once for `npm start`: one ES module bundle of our own code (apps, services,
// packages), with every npm dependency left as an import from node_modules, so production runs on
// plain `node` instead of transpiling on the fly. `npm run dev` keeps tsx's watch mode.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Our modules find their files next to themselves (`new URL('../drizzle', import.meta.url)`); in a
 * bundle every module would share the bundle's URL, so each keeps its own source URL instead.
 */
const keepOwnUrl = {
  name: 'keep-own-url',
  setup(b) {
    b.onLoad({ filter: /\/(apps|services|packages)\/[^/]+\/src\/.*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const href = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', href), loader: 'ts' };
    });
  },
};

/** npm packages stay external (loaded from node_modules); our workspace packages are bundled. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pawfresh/') ? undefined : { path: args.path, external: true },
    );
  },
};

// The bundle's file: `dist/server/main.mjs`, or the one given (the crash tests build their own:
// it must sit inside the repository, so node_modules are found from it).
const outfile = process.argv[2] ?? 'dist/server/main.mjs';
const started = Date.now();
const result = await build({
  entryPoints: ['apps/server/src/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [keepOwnUrl, dependenciesExternal],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `Built ${outfile} (${Math.round(bytes / 1024)} KiB with its source map) in ${Date.now() - started} ms`,
);
