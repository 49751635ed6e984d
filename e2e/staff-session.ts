import type { Page } from 'playwright-core';

/** Signs in to the back office as a person would, from a page that needs it. */
export async function signInToStaff(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/staff/`);
  await page.waitForURL(/\/staff\/sign-in\?next=/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('staffpass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Find a customer' }).waitFor();
}
