/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, chromiumForFile, openPage } from './browser.js';
import { linkFromMailbox } from './mailbox.js';
import { confirmSuccess, signIn } from './session.js';

const baseUrl = inject('baseUrl');
const demo = { email: 'demo@pawfresh.com.au', password: 'woofwoof1' };
const browser = chromiumForFile();

/** Changes the password on the account page (signed in). */
async function changePassword(page: Page, from: string, to: string) {
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill(from);
  await page.getByLabel(/^New password/).fill(to);
  await submitPasswordChange(page);
}

/**
 * Submits the change-password form and waits for the server's answer: the "Successfully updated"
 * notice of an earlier save may still be showing, and signing out before the answer arrives would
 * let that answer's new session cookie sign the browser in again.
 */
async function submitPasswordChange(page: Page) {
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/reset-password') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Change password' }).click();
  await answered;
  await confirmSuccess(page);
}

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/customer\/login/);
  // The sign-out has settled once the login form shows; going to it again before can race it.
  await page.getByLabel(/^Email/).waitFor();
}

describe('a customer looks after their account and dogs (demo customer, Chromium)', () => {
  it('signs in, sees the account, changes the phone and the password, and signs in again', async () => {
    const { page, errors, close } = await openPage(browser());
    await signIn(page, baseUrl, demo.email, demo.password);

    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await page.getByText('Sam Citizen').waitFor();
    await page.getByText('12 Example Street').waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/account-home-mobile.png', fullPage: true });

    await page.getByRole('link', { name: 'Edit details' }).click();
    const phone = page.getByLabel('Phone number');
    await phone.fill('0512 345 678');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Invalid Australian phone number').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await phone.fill('0498 765 432');
    await page.getByRole('button', { name: 'Save details' }).click();
    await confirmSuccess(page);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await page.getByText('0498765432').waitFor();

    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill(demo.password);
    await page.getByLabel(/^New password/).fill('newwoof22');
    await submitPasswordChange(page);

    await signOut(page);
    await signIn(page, baseUrl, demo.email, 'newwoof22');

    // Back to the demo password, for the other journeys on this server.
    await changePassword(page, 'newwoof22', demo.password);
    expect(errors).toEqual([]);
    await close();
  });

  it('recovers a forgotten password through the development mailbox', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(`${baseUrl}/customer/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // Wait for the page itself: the login page's own Email field is still there until it loads.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel(/^Email/).fill(demo.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = await linkFromMailbox(page, baseUrl, 'confirm-forgot-password', demo.email);
    await page.goto(link);
    await page
      .getByRole('heading', { name: /password/i })
      .first()
      .waitFor();
    expect(await page.getByLabel('Code').inputValue()).toMatch(/^\d{6}$/);
    await page.getByLabel(/^New password/).fill('recovered7');
    await page.getByLabel('Confirm new password').fill('recovered7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await confirmSuccess(page);
    await page.waitForURL(/\/customer\/login/);
    await signIn(page, baseUrl, demo.email, 'recovered7');
    // Back to the demo password, for the other journeys on this server.
    await changePassword(page, 'recovered7', demo.password);
    await close();
  });

  it('adds a dog, edits its profile, and signs out', async () => {
    const { page, errors, close } = await openPage(browser());
    await signIn(page, baseUrl, demo.email, demo.password);
    await page.getByRole('link', { name: 'Dogs' }).first().click();
    await page.getByRole('heading', { name: 'Biscuit' }).waitFor();

    await page.getByRole('link', { name: 'Add a dog' }).click();
    await page.getByLabel('Name').fill('Pepper');
    await page.getByLabel('Weight (kg)').fill('12.5');
    // A dog is added with its meals, so it is fed from its first box (issue 28).
    await page.getByRole('group', { name: /Meals/ }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: /add/i }).last().click();
    await confirmSuccess(page);
    await page.getByRole('heading', { name: 'Pepper' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/dogs-mobile.png', fullPage: true });

    await page.getByRole('link', { name: 'Edit profile for Pepper' }).click();
    const weight = page.getByLabel('Weight (kg)');
    await weight.fill('heavy');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Weight must be a valid number').waitFor();
    await weight.fill('14');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await confirmSuccess(page);
    // A heavier dog is offered a bigger portion; the plan keeps its own until the customer says.
    await page.getByRole('button', { name: /^Keep \d+ g a day$/ }).click();
    await page.getByRole('heading', { name: 'Pepper', exact: true }).waitFor();
    await page.getByText('14 kg').waitFor();

    await signOut(page);
    // Signed out: the app sends the visitor back to sign in.
    await page.goto(`${baseUrl}/customer/dogs`);
    await page.waitForURL(/\/customer\/login\?redirectTo=%2Fdogs/);
    expect(errors).toEqual([]);
    await close();
  });
});
