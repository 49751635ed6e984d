/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';

/**
 * The sign-up funnel (issue 33, docs/sign-up.md) in Chromium: a new customer with two dogs signs
 * up with a promotion code and a sandbox card and lands on deliveries with the first box; a
 * postcode we do not reach says so. Every screen is checked with axe at 390 and 1280 px and
 * photographed at 390 px into docs/screenshots/sign-up/.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/sign-up';

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

let shot = 0;
/** axe at both widths, then the phone's picture of the screen. */
async function lookAt(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  shot += 1;
  await page.screenshot({
    path: `${SHOTS}/${String(shot).padStart(2, '0')}-${name}.png`,
    fullPage: true,
  });
}

const money = (text: string | null) => Number(text!.replace(/[^0-9.]/g, ''));

async function describeDog(page: Page, name: string, weight: string, allergy?: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Weight (kg)').fill(weight);
  await page.getByRole('radio', { name: 'Yes' }).first().check();
  if (allergy) {
    await page.getByRole('combobox', { name: 'Allergies' }).click();
    await page.keyboard.type(allergy);
    await page.getByRole('option', { name: allergy }).click();
    await page.keyboard.press('Escape');
  }
}

describe('signing up in the browser', () => {
  it(
    'two dogs, a promotion code and a sandbox card: signed in on deliveries with the first box',
    async () => {
      const { page, errors, close } = await openPage(browser());
      const email = `new-${Date.now()}@example.com.au`;
      await page.goto(`${baseUrl}/customer/start?code=WELCOME50`);
      await page.getByRole('heading', { name: 'Fresh food for your dog, delivered' }).waitFor();
      await lookAt(page, 'postcode');
      await page.getByLabel('Postcode').fill('3121');
      await page.getByRole('button', { name: 'Check my postcode' }).click();
      await page.getByText('Good news: we deliver to 3121.').waitFor();
      await page.getByLabel('Suburb').selectOption('RICHMOND');
      await lookAt(page, 'postcode-suburb');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'How many dogs are we feeding?' }).waitFor();
      await page.getByText('2', { exact: true }).click();
      await lookAt(page, 'dogs');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Tell us about dog 1 of 2' }).waitFor();
      await page.getByLabel('Name').waitFor();
      await describeDog(page, 'Rex', '30', 'Chicken');
      await lookAt(page, 'dog-1');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Tell us about dog 2 of 2' }).waitFor();
      await describeDog(page, 'Bella', '8');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Where can we reach you?' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await lookAt(page, 'email');
      await page.getByRole('button', { name: 'See my plan' }).click();

      await page.getByRole('heading', { name: 'Your dogs’ plans' }).waitFor();
      await page.getByText('Code WELCOME50 on your first box').waitFor();
      // Progress survives a reload: the plans come back as they were.
      await page.reload();
      await page.getByRole('heading', { name: 'Rex' }).waitFor();
      const firstBox = page.getByTestId('first-box-price');
      const fullPrice = money(await firstBox.textContent());
      await page.getByText('Half bowl', { exact: true }).first().click();
      await expect.poll(async () => money(await firstBox.textContent())).toBeLessThan(fullPrice);
      await page.getByRole('button', { name: 'Choose my first delivery' }).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'Choose my first delivery' }).isEnabled())
        .toBe(true);
      const firstBoxText = (await firstBox.textContent())!;
      await lookAt(page, 'plan');
      await page.getByRole('button', { name: 'Choose my first delivery' }).click();

      await page.getByRole('heading', { name: 'When should your first box arrive?' }).waitFor();
      const firstDay = page.getByRole('radio').first();
      // "Friday 4 December 2026, afternoon, …": the day as deliveries will head it.
      const dayLabel = await firstDay.evaluate(
        (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
      );
      const day = dayLabel.replace(/ \d{4},.*$/, '');
      expect(day).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
      await firstDay.check();
      await lookAt(page, 'delivery');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Citizen');
      await page.getByLabel('Mobile').fill('0412 345 678');
      await page.getByLabel('Street address').fill('12 Example Street');
      await page.getByLabel('State').selectOption('VIC');
      await page.getByLabel('Choose a password').fill('woof woof 9');
      await lookAt(page, 'details');
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await page.getByRole('heading', { name: 'Pay for your first box' }).waitFor();
      await page.getByText(`Today we charge ${firstBoxText}`).waitFor();
      await page.getByText(/Skip or change any box until its cut-off/).waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Security code (CVC)').fill('123');
      await lookAt(page, 'payment');
      await page.getByRole('button', { name: `Pay ${firstBoxText} and start` }).click();

      await page.waitForURL(`${baseUrl}/customer/deliveries`, { timeout: 60_000 });
      // The first box: on the chosen day, paid at the price shown.
      await page.getByRole('heading', { name: day }).first().waitFor();
      await page.getByText(`Paid ${firstBoxText}`).waitFor();
      await page.screenshot({
        path: `${SHOTS}/${String(++shot).padStart(2, '0')}-deliveries.png`,
        fullPage: true,
      });
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it('a postcode we do not reach says so', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(`${baseUrl}/customer/start`);
    await page.getByLabel('Postcode').fill('0872');
    await page.getByRole('button', { name: 'Check my postcode' }).click();
    await page.getByRole('heading', { name: 'We don’t deliver there yet' }).waitFor();
    await page.getByText(/don’t reach 0872 yet/).waitFor();
    await lookAt(page, 'not-yet');
    await page.getByRole('link', { name: 'Try another postcode' }).first().click();
    await page.getByLabel('Postcode').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
