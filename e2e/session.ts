import type { Page } from 'playwright-core';

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/customer/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/customer\/deliveries$/);
}

/** Confirms the default success modal ("Successfully updated"). */
export async function confirmSuccess(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Successfully updated' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
