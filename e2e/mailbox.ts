import type { Page } from 'playwright-core';

/**
 * The link in the newest message to `email` in the development mailbox page whose address
 * contains `linkPath` (a password reset's, an invitation's), on this test's server: the e-mail
 * names PUBLIC_URL's host (localhost) where the tests use 127.0.0.1.
 */
export async function linkFromMailbox(
  page: Page,
  baseUrl: string,
  linkPath: string,
  email: string,
): Promise<string> {
  await page.goto(`${baseUrl}/svc/identity/identity/dev/mailbox`);
  await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
  const href = await page
    .locator(`a[href*="${linkPath}"][href*="${encodeURIComponent(email)}"]`)
    .first()
    .getAttribute('href');
  if (!href) throw new Error(`no ${linkPath} link for ${email} in the mailbox`);
  const link = new URL(href);
  return `${baseUrl}${link.pathname}${link.search}`;
}
