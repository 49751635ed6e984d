// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built web app, so the
// server sends compressed files without compressing on each request (@fastify/static preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: node scripts/compress-assets.mjs <built app folder>');
  process.exit(1);
}
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for await (const file of files(dir)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
  gz += gzip.length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Compressed ${dir}: ${kib(raw)} -> ${kib(gz)} gzip, ${kib(br)} brotli`);
