// The JavaScript each sign-up screen downloads on a first load (nothing cached), gzip: run with
// `npx tsx e2e/measure-sign-up.ts` after `npm run build` and `npm run build:server`
// (docs/sign-up.md "Performance"). The draft each screen needs is put in sessionStorage first.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.js';
import { startBuiltServer } from './server.js';

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
// Only what the screens check before showing (the app fills in the rest).
const draft = {
  postcode: '3121',
  suburb: 'RICHMOND',
  dogs: [{ name: 'Rex' }],
  guestId: '44444444-4444-4444-8444-444444444444',
  animalIds: ['33333333-3333-4333-8333-333333333333'],
  deliveryDate: '2026-12-04',
  deliverySlot: 'PM',
  details: { firstName: 'Sam' },
};
try {
  for (const path of [
    '',
    '/not-yet',
    '/dogs',
    '/dogs/1',
    '/email',
    '/plan',
    '/delivery',
    '/details',
    '/payment',
  ]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    });
    await context.addInitScript(
      (d) => sessionStorage.setItem('pawfresh.sign-up', d),
      JSON.stringify(draft),
    );
    const page = await context.newPage();
    let bytes = 0;
    const files: string[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes();
      bytes += sizes.responseBodySize;
      files.push(new URL(request.url()).pathname.split('/').pop()!);
    });
    await page.goto(`${server.baseUrl}/customer/start${path}`);
    await page.waitForLoadState('networkidle');
    console.log(
      `${`/start${path}`.padEnd(18)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB gzip, ${files.length} files, at ${new URL(page.url()).pathname}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
