import { performance } from 'node:perf_hooks';

/** How the quiet check decides (ADR 009). */
export interface QuietRule {
  /** The event loop's busy share over the last check, 0–1, below which the process is quiet. */
  quietBelow: number;
  /** Milliseconds of event-loop work since the last release that make another one worth it. */
  workSince: number;
}

export const defaultQuietRule: QuietRule = { quietBelow: 0.05, workSince: 1_000 };

/**
 * Whether to give memory back now: the process went quiet after doing real work since the last
 * release. An idle process is never collected again and again; a busy one never paused.
 */
export function shouldReleaseNow(
  check: { utilization: number; busySinceReleaseMs: number },
  rule: QuietRule = defaultQuietRule,
): boolean {
  return check.utilization < rule.quietBelow && check.busySinceReleaseMs >= rule.workSince;
}

export interface QuietWatch {
  stop(): void;
}

/** The event loop's time since the process started: busy and idle milliseconds. */
export interface LoopTime {
  active: number;
  idle: number;
}

/**
 * Every `everyMs`, reads how busy the event loop was since the last look; once the process is
 * quiet after work (`shouldReleaseNow`), calls `release` (a full collection, then the C heap's
 * trim). Counts the work from the call, so the start-up's own release comes first. The timer
 * never keeps the process alive.
 */
export function releaseWhenQuiet(
  release: () => void,
  {
    everyMs = 5_000,
    rule = defaultQuietRule,
    loopTime = (): LoopTime => performance.eventLoopUtilization(),
    every = (fn: () => void, ms: number) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      return () => clearInterval(timer);
    },
  }: {
    everyMs?: number;
    rule?: QuietRule;
    loopTime?: () => LoopTime;
    every?: (fn: () => void, ms: number) => () => void;
  } = {},
): QuietWatch {
  let last = loopTime();
  let busySinceReleaseMs = 0;
  const stop = every(() => {
    const now = loopTime();
    const active = now.active - last.active;
    const total = active + (now.idle - last.idle);
    last = now;
    busySinceReleaseMs += active;
    const utilization = total > 0 ? active / total : 0;
    if (shouldReleaseNow({ utilization, busySinceReleaseMs }, rule)) {
      release();
      busySinceReleaseMs = 0;
      // The release's own pause is not work to release after.
      last = loopTime();
    }
  }, everyMs);
  return { stop };
}
