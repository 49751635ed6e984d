import { createRequire } from 'node:module';

interface Addon {
  releaseFreedMemory(): boolean;
  canRelease(): boolean;
}

/** The addon `npm ci` builds (node-gyp); null where it did not build (no compiler, say). */
function loadAddon(): Addon | null {
  try {
    return createRequire(import.meta.url)('../build/Release/native_memory.node') as Addon;
  } catch {
    return null;
  }
}

const addon = loadAddon();

/**
 * Whether freed native memory can be given back here: the addon built and the C library is glibc.
 * The server runs either way; without it, its idle memory stays higher (ADR 009).
 */
export const canReleaseFreedMemory: boolean = addon?.canRelease() ?? false;

/**
 * Gives the pages the C heap holds free back to the system (glibc `malloc_trim(0)`): memory that
 * Node, V8 and the embedded database freed but glibc kept. Takes a few milliseconds; true when
 * some memory was given back.
 */
export function releaseFreedMemory(): boolean {
  return addon?.releaseFreedMemory() ?? false;
}

export {
  defaultQuietRule,
  releaseWhenQuiet,
  shouldReleaseNow,
  type LoopTime,
  type QuietRule,
  type QuietWatch,
} from './when-quiet.js';

/** A full collection (when node runs with --expose-gc), then the C heap's free pages returned. */
export function collectAndRelease(): void {
  (globalThis as { gc?: () => void }).gc?.();
  releaseFreedMemory();
}
