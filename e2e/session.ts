import type { Page } from 'playwright-core';

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/customer/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/customer\/deliveries$/);
}

/** The "Successfully updated" notice: a status that says what changed. */
export const successNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Successfully updated' }).first();

/** Waits for the "Successfully updated" notice. */
export async function confirmSuccess(page: Page) {
  await successNotice(page).waitFor();
}

/** Waits for the "Successfully updated" notice and answers what it says. */
export async function successWords(page: Page): Promise<string> {
  await confirmSuccess(page);
  return (await successNotice(page).textContent()) ?? '';
}
