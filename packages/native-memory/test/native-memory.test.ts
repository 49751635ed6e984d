import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canReleaseFreedMemory, releaseFreedMemory } from '@pawfresh/native-memory';

const here = path.dirname(fileURLToPath(import.meta.url));
/** glibc Linux (this machine and CI): where the addon must have built and must work. */
const glibc = Boolean(
  (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
    ?.glibcVersionRuntime,
);

describe.runIf(glibc)('releaseFreedMemory on glibc Linux', () => {
  it('the addon built with npm ci and can release', () => {
    expect(canReleaseFreedMemory).toBe(true);
    expect(typeof releaseFreedMemory()).toBe('boolean');
  });

  it('gives the free pages of a fragmented C heap back to the system', () => {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(here, 'fragmented-heap.ts')],
      { encoding: 'utf8', env: { ...process.env, MALLOC_ARENA_MAX: '2' } },
    );
    const { before, after, released } = JSON.parse(out) as Record<string, number | boolean>;
    expect(released).toBe(true);
    // About 157 of the 160 MiB are free and in pages of their own: most of it goes back.
    expect((before as number) - (after as number)).toBeGreaterThan(100);
  });
});
