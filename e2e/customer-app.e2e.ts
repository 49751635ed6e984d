/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, chromiumForFile, openPage } from './browser.js';
import { signIn } from './session.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

beforeAll(() => {
  mkdirSync('test-results', { recursive: true });
});

describe('the customer app in Chromium', () => {
  it('sends a visitor to sign in, without a refresh call the browser would log', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(`${baseUrl}/customer/`);
    await page.waitForURL(`${baseUrl}/customer/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/login-mobile.png', fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the not-found page for an unknown path, and its button leads to deliveries', async () => {
    const { page, errors, close } = await openPage(browser());
    await signIn(page, baseUrl, 'alex@pawfresh.com.au', 'woofwoof2');
    await page.goto(`${baseUrl}/customer/no-such-page`);
    const button = page.getByRole('button', { name: 'Go to deliveries' });
    await button.waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/not-found-mobile.png', fullPage: true });
    await button.click();
    await page.waitForURL(`${baseUrl}/customer/deliveries`);
    expect(errors).toEqual([]);
    await close();
  });

  it('works with the keyboard alone', async () => {
    const { page, close } = await openPage(browser());
    await signIn(page, baseUrl, 'alex@pawfresh.com.au', 'woofwoof2');
    await page.goto(`${baseUrl}/customer/unknown`);
    await page.getByRole('button', { name: 'Go to deliveries' }).waitFor();
    let focused = '';
    for (let i = 0; i < 15 && focused !== 'Go to deliveries'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('Go to deliveries');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/customer/deliveries`);
    await close();
  });
});

describe('the product API through the running server', () => {
  it('answers the customer API from the page, as the app will call it', async () => {
    const { page, close } = await openPage(browser());
    // A page of the site that stays put (a visitor on /customer/ leaves for the sign-in page).
    await page.goto(`${baseUrl}/customer/login`);
    const body = await page.evaluate(async () => {
      const res = await fetch('/api/v1/products', { credentials: 'include' });
      return {
        status: res.status,
        json: (await res.json()) as { meals: unknown[]; treats: { name: string }[] },
      };
    });
    expect(body.status).toBe(200);
    expect(body.json.meals).toHaveLength(7);
    expect(body.json.treats.map((t) => t.name)).toContain('Kangaroo Jerky');
    await close();
  });

  it('serves the product service reference page', async () => {
    const { page, close } = await openPage(browser(), { width: 1280, height: 800 });
    await page.goto(`${baseUrl}/svc/product/docs/`);
    await page.getByText('Product service').first().waitFor();
    await page.getByText('/api/v1/variants/{variantId}').first().waitFor();
    await page.screenshot({ path: 'test-results/product-api-reference.png' });
    await close();
  });

  it('refuses the product service to a caller without credentials', async () => {
    const res = await fetch(`${baseUrl}/svc/product/api/v1/products`);
    expect(res.status).toBe(401);
  });
});
