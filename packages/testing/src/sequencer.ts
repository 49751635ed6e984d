import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start server processes (the crash tests, `*-crash.test.ts` and the ones below) take
 * the longest and mostly wait on their servers. Started last, one of them would run alone at the
 * end of a run with the other workers idle: they start early, every other file, so the workers
 * in between keep the cores busy and the crash servers do not all start at once. The rest keep
 * Vitest's order (slowest first by the last run's durations; on a fresh clone largest first).
 */
const startsServers = /(-crash|\/crash-recovery|\/two-processes)\.test\.ts$/;

export class ServersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const servers = (spec: TestSpecification) =>
      startsServers.test(spec.moduleId.split('\\').join('/'));
    const first = sorted.filter(servers);
    const rest = sorted.filter((spec) => !servers(spec));
    return [
      ...first.flatMap((spec, i) => (i < rest.length ? [spec, rest[i]!] : [spec])),
      ...rest.slice(first.length),
    ];
  }
}
