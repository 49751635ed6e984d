import path from 'node:path';

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The app's own code of the pages people open first, in one file per page and one they share
 * (ADR 013): a rolldown `codeSplitting` group name function. Left to itself, the bundler splits a
 * page's modules by which of the app's thirty lazy routes import them, into a dozen small chunks;
 * over HTTP/1.1 a phone fetches six files at a time, and each wave costs a round trip before the
 * page can render. Here each app module (not a package: those are grouped by name in
 * vite.config.ts) that a first page imports statically, and that no entry loads already, goes into
 * `page-<name>`, or into `pages-shared` when two of those pages import it. Other pages keep the
 * default splitting: a module they share with a first page loads that page's chunk (more bytes,
 * not more waves, on a later navigation).
 *
 * `pages` maps a name to the page's route module; `entries` are the HTML pages' entry modules.
 * Paths are relative to `root`.
 */
export function firstPageChunks(root: string, pages: Record<string, string>, entries: string[]) {
  let owners: Map<string, Set<string>> | undefined;

  // The app modules a module imports statically, directly or not (packages are not followed).
  const appModules = (graph: ModuleGraph, start: string, skip = new Set<string>()) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id) || skip.has(id) || isPackage(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };

  const ownersOf = (graph: ModuleGraph) => {
    if (owners) return owners;
    const loaded = new Set<string>();
    for (const entry of entries) {
      for (const id of appModules(graph, path.resolve(root, entry))) loaded.add(id);
    }
    owners = new Map();
    for (const [name, file] of Object.entries(pages)) {
      for (const id of appModules(graph, path.resolve(root, file), loaded)) {
        owners.set(id, (owners.get(id) ?? new Set()).add(name));
      }
    }
    return owners;
  };

  return (id: string, graph: ModuleGraph): string | null => {
    const names = ownersOf(graph).get(id);
    if (!names) return null;
    return names.size === 1 ? `page-${[...names][0]}` : 'pages-shared';
  };
}
