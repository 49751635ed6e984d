/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDay } from '@pawfresh/contracts/calendar-dates';
import {
  expectNoAxeViolations,
  chromiumForFile,
  JOURNEY_TIMEOUT,
  openPage,
  VIEWPORTS,
} from './browser.js';
import { signIn, successNotice, successWords } from './session.js';
import { runWorkflow, scenarioAccount } from './workflows.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

const nextBox = (page: Page) => page.getByRole('region').filter({ hasText: 'Your next box' });

/**
 * A customer skips their next box and takes the skip back (docs/skipping.md), on the built
 * server with a new scenario customer per width (create-account-scenario "payment-soon", boxes
 * planned 12 weeks ahead): nothing to restore, the account is theirs alone.
 */
describe('a customer skips a box and undoes it (Chromium)', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(
      `skips the next box, sees the next charge move, then undoes the skip (${name})`,
      async () => {
        const account = await scenarioAccount(baseUrl, 'payment-soon');
        await runWorkflow(baseUrl, 'generate-orders', { subscriptionId: account.subscriptionId });
        const first = formatDay(account.orders[0]!.deliveryDate, { long: true });
        const { page, errors, close } = await openPage(browser(), viewport);
        await signIn(page, baseUrl, account.email, account.password);
        await nextBox(page).getByRole('heading', { name: first }).waitFor();
        // The countdown on the next box that can still change, on the clock of its address.
        await nextBox(page)
          .getByText(/^(\d+ days? left to change|Last day to change: until \d+(am|pm))$/)
          .waitFor();

        await nextBox(page)
          .getByRole('button', { name: `Skip this box: ${first}` })
          .click();
        const dialog = page.getByRole('dialog', { name: `Skip your box of ${first}?` });
        await dialog.waitFor();
        const confirm = (await dialog.textContent()) ?? '';
        expect(confirm).toMatch(
          /You won’t be charged \$[\d,.]+ on \w+day \d+ \w+ and this box won’t be made; your next box is (\w+day \d+ \w+), charged \$[\d,.]+ on \w+day \d+ \w+\./,
        );
        const second = /your next box is (\w+day \d+ \w+),/.exec(confirm)![1]!;
        await expectNoAxeViolations(page);
        await mkdir('docs/screenshots', { recursive: true });
        await page.screenshot({ path: `docs/screenshots/skip-box-dialog-${name}.png` });

        await dialog.getByRole('button', { name: 'Skip this box' }).click();
        const words = await successWords(page);
        expect(words).toContain(`Your box of ${first} is skipped: it won’t be made or charged.`);
        expect(words).toContain(`Next, your next box is ${second}, charged $`);
        // The next box is now the one after; the skipped one is shown, muted, with Undo.
        await nextBox(page).getByRole('heading', { name: second }).waitFor();
        const skipped = page.getByRole('region', { name: 'Skipped' });
        const card = skipped.getByRole('article', { name: first });
        await card.getByText('You skipped this box').waitFor();
        await page.getByRole('button', { name: 'Close this notice' }).first().click();
        await successNotice(page).waitFor({ state: 'hidden' });
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `docs/screenshots/skipped-box-${name}.png`, fullPage: true });

        await card.getByRole('button', { name: `Undo skip: ${first}` }).click();
        expect(await successWords(page)).toContain(
          `Your box of ${first} is back: it will be charged $`,
        );
        await nextBox(page).getByRole('heading', { name: first }).waitFor();
        await skipped.waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
        await close();
      },
      JOURNEY_TIMEOUT,
    );
  }
});
