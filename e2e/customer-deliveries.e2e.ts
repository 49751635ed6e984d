/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';

import { expectNoAxeViolations, chromiumForFile, openPage, VIEWPORTS } from './browser.js';
import { confirmSuccess, signIn, successWords } from './session.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

describe('deliveries and order history (demo customers, Chromium)', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`signs in and lands on the next box, then pages through the order history (${name})`, async () => {
      const { page, errors, close } = await openPage(browser(), viewport);
      await signIn(page, baseUrl, 'demo@pawfresh.com.au', 'woofwoof1');

      const next = page.getByRole('region').filter({ hasText: 'Your next box' });
      await next.waitFor();
      await next.getByRole('heading', { name: 'For Biscuit' }).waitFor();
      expect(await next.textContent()).toMatch(/pouch(es)? a day/);
      // The meals are pictured from the catalogue (the product service's SVGs): the first picture
      // shown loads once it is in view (the images are lazy); a broken one never does.
      const picture = next.locator('img[src^="/assets/products/"]:visible').first();
      await picture.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete,
        await picture.elementHandle(),
      );
      expect(
        await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      await page.getByRole('region', { name: 'Coming up' }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'See all past boxes' }).click();
      await page.getByRole('heading', { name: 'Order history' }).waitFor();
      await page.getByText(/^Boxes 1–10 of \d+$/).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Older boxes' }).click();
      await page.getByText(/^Boxes 11–\d+ of \d+$/).waitFor();
      expect(errors).toEqual([]);
      await close();
    });

    it(`shows a failed payment first, with the way to update the card (${name})`, async () => {
      const { page, errors, close } = await openPage(browser(), viewport);
      await signIn(page, baseUrl, 'alex@pawfresh.com.au', 'woofwoof2');

      const failed = page.getByRole('region', { name: /^Payment needed for your box of / });
      await failed.waitFor();
      await expectNoAxeViolations(page);
      await failed.getByRole('link', { name: 'Update card' }).click();
      await page.waitForURL(/\/customer\/account#cards$/);
      await page.getByRole('region', { name: 'Card on file' }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('says what changed in an accessible notice, without a dialog to dismiss', async () => {
    const { page, errors, close } = await openPage(browser());
    await signIn(page, baseUrl, 'alex@pawfresh.com.au', 'woofwoof2');
    await page.goto(`${baseUrl}/customer/account/edit/details`);
    await page.getByLabel('Phone number').fill('0498 111 222');
    await page.getByRole('button', { name: 'Save details' }).click();
    await confirmSuccess(page);
    expect(await successWords(page)).toContain('We’ve saved your new phone number.');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('reaches the password show/hide button with the keyboard', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(`${baseUrl}/customer/login`);
    const password = page.getByLabel(/^Password/);
    await password.fill('woofwoof1');
    await password.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Toggle password visibility');
    await page.keyboard.press('Enter');
    expect(await password.getAttribute('type')).toBe('text');
    await close();
  });
});
