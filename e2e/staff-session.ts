import type { Page } from 'playwright-core';

/** Signs in to the back office as a person would, from a page that needs it. */
export async function signInToStaff(
  page: Page,
  baseUrl: string,
  email: string,
  // A role without customers:read (operations) lands on the back office's home instead.
  heading = 'Find a customer',
) {
  await page.goto(`${baseUrl}/staff/`);
  await page.waitForURL(/\/staff\/sign-in\?next=/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('staffpass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}
