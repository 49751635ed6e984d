// Writes src/styles/fonts/nunito-core.woff2 and src/styles/nunito.css (ADR 013, third pass).
// The core file is the characters the app's own words use (ASCII, the no-break space and the
// marks · × ’ ‘ “ ” – — … • −) cut out of @fontsource-variable/nunito's latin file, every weight
// of the variable font kept: 23 KiB against 38 KiB. nunito.css is the package's wght.css with
// the latin face's unicode-range less those characters, so the browser fetches the package's
// latin file only for a name or an address with another letter (é, ü …), and the other subsets
// (latin-ext, cyrillic, vietnamese) as before. Run again after updating the package:
//   node apps/customer/scripts/subset-nunito.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const core = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x2212,
];

const require = createRequire(import.meta.url);
const pkg = '@fontsource-variable/nunito';
const css = await readFile(require.resolve(`${pkg}/wght.css`), 'utf8');
const latinFile = 'nunito-latin-wght-normal.woff2';
const source = await readFile(require.resolve(`${pkg}/files/${latinFile}`));
const subset = await subsetFont(source, String.fromCodePoint(...core), { targetFormat: 'woff2' });

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
/** `U+0000-00FF,U+0131` → code points, and back (runs joined). */
const parseRange = (range) =>
  range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/, '').split('-');
    const [a, b] = [parseInt(from, 16), parseInt(to, 16)];
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
const formatRange = (points) => {
  const runs = [];
  for (const point of [...new Set(points)].sort((x, y) => x - y)) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');
};

const coreSet = new Set(core);
let latinFound = false;
const faces = css
  .replaceAll('url(./files/', `url(${pkg}/files/`)
  .replace(
    /(\/\* nunito-latin-wght-normal \*\/[\s\S]*?unicode-range: )([^;]+);/,
    (_, head, range) => {
      latinFound = true;
      const rest = parseRange(range).filter((point) => !coreSet.has(point));
      return `${head}${formatRange(rest)};`;
    },
  );
if (!latinFound) throw new Error(`no latin face in ${pkg}/wght.css`);
const coreFace = `
/* nunito-core-wght-normal (scripts/subset-nunito.mjs) */
@font-face {
  font-family: 'Nunito Variable';
  font-style: normal;
  font-display: swap;
  font-weight: 200 1000;
  src: url(./fonts/nunito-core.woff2) format('woff2-variations');
  unicode-range: ${formatRange(core)};
}
`;
const header = `/* Written by scripts/subset-nunito.mjs from ${pkg}/wght.css: do not edit. */\n`;
await writeFile(
  new URL('../src/styles/nunito.css', import.meta.url),
  header + faces.trimEnd() + '\n' + coreFace,
);
await writeFile(new URL('../src/styles/fonts/nunito-core.woff2', import.meta.url), subset);
process.stdout.write(
  `nunito-core.woff2: ${subset.length} bytes (the package's latin file: ${source.length})\n`,
);
