import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultQuietRule,
  releaseWhenQuiet,
  shouldReleaseNow,
  type LoopTime,
} from '@pawfresh/native-memory';

/** A hand-driven event loop clock and timer: each tick adds busy and idle milliseconds. */
function drive() {
  const time: LoopTime = { active: 0, idle: 0 };
  let tick: (() => void) | undefined;
  let released = 0;
  const watch = releaseWhenQuiet(() => released++, {
    loopTime: () => ({ ...time }),
    every: (fn) => {
      tick = fn;
      return () => (tick = undefined);
    },
  });
  return {
    watch,
    released: () => released,
    /** Five seconds of which `busyMs` busy, then the check. */
    period(busyMs: number) {
      time.active += busyMs;
      time.idle += 5_000 - busyMs;
      tick?.();
    },
  };
}

describe('releasing memory when the server goes quiet', () => {
  it('releases once the loop is quiet after a second or more of work, and not again until more work', () => {
    const loop = drive();
    loop.period(10); // idle from the start: nothing to give back
    loop.period(10);
    expect(loop.released()).toBe(0);
    loop.period(4_000); // load
    loop.period(3_000);
    expect(loop.released()).toBe(0); // busy: never paused under load
    loop.period(20); // quiet again
    expect(loop.released()).toBe(1);
    loop.period(20);
    loop.period(20);
    expect(loop.released()).toBe(1);
    loop.watch.stop();
    loop.period(4_000);
    loop.period(0);
    expect(loop.released()).toBe(1);
  });

  it('adds up small bursts of work until they are worth a release', () => {
    const loop = drive();
    for (let i = 0; i < 4; i++) loop.period(200);
    expect(loop.released()).toBe(0);
    loop.period(200); // 1,000 ms of work in all, each period quiet (4% busy)
    expect(loop.released()).toBe(1);
  });

  it('never releases while busy, whatever the work before', () => {
    fc.assert(
      fc.property(
        fc.double({ min: defaultQuietRule.quietBelow, max: 1, noNaN: true }),
        fc.nat(),
        (utilization, busySinceReleaseMs) => !shouldReleaseNow({ utilization, busySinceReleaseMs }),
      ),
    );
  });
});
