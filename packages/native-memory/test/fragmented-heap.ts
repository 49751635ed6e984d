// Run as a child process by native-memory.test.ts (`node --expose-gc --import tsx`): fragments the
// C heap the way a server's start-up does (many small blocks, a few kept), frees the rest, and
// prints the resident memory before and after releaseFreedMemory().
import { readFileSync } from 'node:fs';
import { releaseFreedMemory } from '../src/index.ts';

const rssMiB = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const gc = (globalThis as { gc?: () => void }).gc!;

// 40,000 blocks of 4 KiB (below glibc's mmap threshold, so they come from the heap): 160 MiB.
let blocks: Buffer[] | null = Array.from({ length: 40_000 }, () =>
  Buffer.allocUnsafeSlow(4096).fill(1),
);
// Every 64th stays alive: the heap cannot shrink from its top, only a trim gives the pages back.
const kept = blocks.filter((_, i) => i % 64 === 0);
blocks = null;
for (let i = 0; i < 3; i++) gc();
await new Promise((resolve) => setTimeout(resolve, 200));
gc();
const before = rssMiB();
const released = releaseFreedMemory();
const after = rssMiB();
process.stdout.write(JSON.stringify({ before, after, released, kept: kept.length }));
