/**
 * Draws the catalogue's images as small SVG files in assets/ (run after changing the seed
 * catalogue: `npx tsx services/product/scripts/generate-images.ts`). They are committed, so
 * start-up draws nothing.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageFile, seedCatalogue } from '../src/seed/catalogue.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith('.svg')) rmSync(path.join(dir, f));

const palette: Record<string, string> = {
  beef: '#9b2c2c',
  chicken: '#c27c0e',
  turkey: '#8a5a2b',
  lamb: '#7b3f61',
  kangaroo: '#a4462c',
  goat: '#5b6b2f',
  fish: '#2b6c8f',
  treat: '#b7791f',
  supplement: '#2f855a',
  collateral: '#4a5568',
  toy: '#6b46c1',
  bundle: '#2c7a7b',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const product of seedCatalogue) {
  const key = String(product.metadata.meal ?? product.type);
  const colour = palette[key] ?? '#2f855a';
  const initials = product.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  for (const type of product.images) {
    const title = `<title>${esc(product.name)}</title>`;
    let body: string;
    if (type === 'pouch' || type === 'bowl_icon_pouch') {
      body = `<rect x="28" y="12" width="72" height="104" rx="10" fill="${colour}"/><rect x="28" y="12" width="72" height="14" rx="6" fill="#fff" opacity=".35"/><text x="64" y="78" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${esc(initials)}</text>`;
    } else if (type === 'bowl' || type === 'bowl_icon') {
      body = `<ellipse cx="64" cy="62" rx="52" ry="16" fill="${colour}" opacity=".85"/><path d="M12 62 Q64 132 116 62 Z" fill="${colour}"/><ellipse cx="64" cy="62" rx="44" ry="11" fill="#f6e7c8"/>`;
    } else if (type === 'ice_pack_top' || type === 'ice_pack_bottom') {
      body = `<rect x="14" y="30" width="100" height="68" rx="12" fill="#90cdf4"/><text x="64" y="72" font-family="sans-serif" font-size="18" font-weight="700" fill="#1a365d" text-anchor="middle">${type === 'ice_pack_top' ? 'TOP' : 'BOTTOM'}</text>`;
    } else {
      body = `<circle cx="64" cy="64" r="58" fill="${colour}"/><text x="64" y="76" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${esc(initials)}</text>`;
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">${title}${body}</svg>\n`;
    writeFileSync(path.join(dir, imageFile(product.productCode, type)), svg);
  }
}
console.log(`Drew images into ${dir}`);
