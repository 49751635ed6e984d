/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { chromiumForFile, expectNoAxeViolations, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { linkFromMailbox } from './mailbox.js';
import { scenarioAccount } from './workflows.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();
const SHOTS = 'docs/screenshots/staff';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Signs in to the back office from its sign-in page, and waits for the first page. */
async function signInToStaff(page: Page, email: string, password = 'staffpass1') {
  await page.goto(`${baseUrl}/staff/sign-in`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}

/** A customer of a scenario, with their id (the 360 page's address). */
async function someCustomer() {
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  const res = await fetch(`${baseUrl}/svc/order/api/v1/orders/${account.orders[0]!.orderId}`, {
    headers: { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` },
  });
  const order = (await res.json()) as { userId: string };
  return { email: account.email, userId: order.userId };
}

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe('staff users and roles in Chromium', () => {
  it(
    'an admin invites a member, who chooses a password and signs in; the admin changes their role and deactivates them, and their sign-in is refused',
    async () => {
      const email = `nat-${randomUUID().slice(0, 8)}@pawfresh.com.au`;
      const admin = await openPage(browser(), DESKTOP);
      const a = admin.page;
      await signInToStaff(a, 'admin@pawfresh.com.au');
      await a
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Staff users' })
        .click();
      await a.getByRole('heading', { name: 'Staff users', level: 1 }).waitFor();
      const users = a.getByRole('table', { name: 'Staff users' });
      await users.getByRole('row').filter({ hasText: 'admin@pawfresh.com.au' }).waitFor();
      await expectNoAxeViolations(a);

      // Invite: what will happen before it runs, what it did after.
      await a.getByRole('button', { name: 'Invite a member of staff' }).click();
      const invite = a.getByRole('dialog', { name: 'Invite a member of staff' });
      await invite.getByLabel(/^First name/).fill('Nat');
      await invite.getByLabel(/^Last name/).fill('Newhire');
      await invite.getByLabel(/^E-mail/).fill(email);
      await invite.getByLabel(/^Role/).selectOption('support');
      await invite.getByLabel(/^Reason/).fill('Joined the support team');
      await invite
        .getByRole('note')
        .filter({ hasText: `invite Nat Newhire (${email}) as support` })
        .waitFor();
      await invite.getByRole('note').filter({ hasText: 'working once for 7 days' }).waitFor();
      await expectNoAxeViolations(a);
      await a.screenshot({ path: `${SHOTS}/users-invite-desktop.png` });
      await invite.getByRole('button', { name: 'Send the invitation' }).click();
      await invite
        .getByRole('status')
        .filter({ hasText: `Nat Newhire (${email}) is invited as support` })
        .waitFor();
      await invite.getByText('Kept in the audit log with your reason.').waitFor();
      await invite.getByRole('button', { name: 'Done' }).click();

      // The search is held in the URL; the new member shows as invited.
      await a.getByRole('textbox', { name: /^Search/ }).fill('Newhire');
      await a.waitForURL(/[?&]q=Newhire/);
      const row = users.getByRole('row').filter({ hasText: email });
      await row.getByText('Invited', { exact: true }).waitFor();

      // The member follows the e-mail's link, chooses a password, and signs in.
      const member = await openPage(browser(), PHONE);
      const m = member.page;
      const link = await linkFromMailbox(m, baseUrl, '/staff/set-password', email);
      await m.goto(link);
      await m.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await m.getByText(email).waitFor();
      await expectNoAxeViolations(m);
      await m.screenshot({ path: `${SHOTS}/set-password-mobile.png`, fullPage: true });
      await m.getByLabel(/^New password/).fill('chosen pass 1');
      await m.getByLabel(/^Confirm new password/).fill('chosen pass 2');
      await m.getByRole('button', { name: 'Set password' }).click();
      await m.getByText('The passwords do not match').waitFor();
      await expectNoAxeViolations(m);
      await m.getByLabel(/^Confirm new password/).fill('chosen pass 1');
      await m.getByRole('button', { name: 'Set password' }).click();
      await m.waitForURL(/\/staff\/sign-in\?passwordSet=1/);
      await m.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
      expect(await m.getByLabel(/^Email/).inputValue()).toBe(email);
      await expectNoAxeViolations(m);
      await m.getByLabel(/^Password/).fill('chosen pass 1');
      await m.getByRole('button', { name: 'Sign in' }).click();
      await m.getByRole('heading', { name: 'Find a customer' }).waitFor();

      // The link works once: opened again, it says so and what to do.
      await m.goto(link);
      await m.getByLabel(/^New password/).fill('another pass 1');
      await m.getByLabel(/^Confirm new password/).fill('another pass 1');
      await m.getByRole('button', { name: 'Set password' }).click();
      await m
        .getByRole('alert')
        .filter({ hasText: 'This link no longer works' })
        .filter({ hasText: 'It has expired or was used already' })
        .waitFor();
      await expectNoAxeViolations(m);
      await m.setViewportSize(DESKTOP);
      await m.screenshot({ path: `${SHOTS}/set-password-used-desktop.png`, fullPage: true });
      await m.goto(link);
      await m.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await m.getByLabel(/^New password/).waitFor();
      await m.screenshot({ path: `${SHOTS}/set-password-desktop.png`, fullPage: true });

      // The admin sees them active, and changes their role.
      await a.reload();
      await row.getByText('Active', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Change role of Nat Newhire' }).click();
      const change = a.getByRole('dialog', { name: 'Change the role of Nat Newhire' });
      await change.getByLabel(/^New role/).selectOption('operations');
      await change.getByLabel(/^Reason/).fill('Moved to the packing team');
      await change
        .getByRole('note')
        .filter({ hasText: 'make Nat Newhire operations instead of support' })
        .filter({ hasText: 'end their sessions' })
        .waitFor();
      await expectNoAxeViolations(a);
      await change.getByRole('button', { name: 'Change role' }).click();
      await change
        .getByRole('status')
        .filter({ hasText: 'Nat Newhire is now operations' })
        .waitFor();
      await change.getByRole('button', { name: 'Done' }).click();
      await row.getByText('operations', { exact: true }).waitFor();

      // Deactivating them: their sign-in is refused from then on.
      await row.getByRole('button', { name: 'Deactivate Nat Newhire' }).click();
      const deactivate = a.getByRole('dialog', { name: 'Deactivate Nat Newhire' });
      await deactivate.getByLabel(/^Reason/).fill('Left the company');
      await deactivate
        .getByRole('note')
        .filter({ hasText: 'end every session of theirs at once' })
        .waitFor();
      await expectNoAxeViolations(a);
      await deactivate.getByRole('button', { name: 'Deactivate' }).click();
      await deactivate
        .getByRole('status')
        .filter({ hasText: 'Nat Newhire is now deactivated' })
        .waitFor();
      await deactivate.getByRole('button', { name: 'Done' }).click();
      await row.getByText('Deactivated', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Reactivate Nat Newhire' }).waitFor();

      await member.close();
      const again = await openPage(browser(), PHONE);
      await again.page.goto(`${baseUrl}/staff/sign-in`);
      await again.page.getByLabel(/^Email/).fill(email);
      await again.page.getByLabel(/^Password/).fill('chosen pass 1');
      await again.page.getByRole('button', { name: 'Sign in' }).click();
      await again.page
        .getByRole('alert')
        .filter({ hasText: 'Incorrect email or password' })
        .waitFor();
      expect(again.errors).toEqual([]);
      await again.close();

      // The status filter is held in the URL too.
      await a.getByRole('textbox', { name: /^Search/ }).fill('');
      await a.getByLabel(/^Status/).selectOption('deactivated');
      await a.waitForURL((url) => url.searchParams.get('status') === 'deactivated');
      await row.waitFor();
      expect(
        await users.getByRole('row').filter({ hasText: 'admin@pawfresh.com.au' }).count(),
      ).toBe(0);

      // Refusals come in the server's words: nobody deactivates their own account.
      await a.goto(`${baseUrl}/staff/users`);
      const me = users.getByRole('row').filter({ hasText: '(you)' });
      await me.getByRole('button', { name: /^Deactivate/ }).click();
      const self = a.getByRole('dialog', { name: /^Deactivate/ });
      await self.getByLabel(/^Reason/).fill('Trying it');
      await self.getByRole('button', { name: 'Deactivate' }).click();
      await self
        .getByRole('alert')
        .filter({ hasText: 'You cannot deactivate your own account' })
        .waitFor();
      await expectNoAxeViolations(a);
      await self.getByRole('button', { name: 'Cancel' }).click();

      await users.getByRole('row').filter({ hasText: email }).waitFor();
      await a.screenshot({ path: `${SHOTS}/users-desktop.png`, fullPage: true });
      expect(admin.errors).toEqual([]);
      expect(member.errors).toEqual([]);
      await admin.close();

      // On a phone: the table scrolls sideways; the filters stack.
      const phone = await openPage(browser(), PHONE);
      await signInToStaff(phone.page, 'admin@pawfresh.com.au');
      await phone.page.goto(`${baseUrl}/staff/users?q=Newhire`);
      await phone.page.getByRole('table', { name: 'Staff users' }).getByText(email).waitFor();
      await expectNoAxeViolations(phone.page);
      await phone.page.screenshot({ path: `${SHOTS}/users-mobile.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
      await phone.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'support e-mails a customer a card update link and a password reset from the 360 page, each with a reason',
    async () => {
      const customer = await someCustomer();
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      await signInToStaff(page, 'staff@pawfresh.com.au');
      // Support may not manage staff: the page is not in its navigation.
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: 'Find a customer' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Staff users' }).count()).toBe(0);

      await page.goto(`${baseUrl}/staff/customers/${customer.userId}`);
      for (const [button, sends, action] of [
        ['Send card update link', 'a link to their saved cards', 'customer.send-card-update-link'],
        ['Send password reset', 'the password reset e-mail', 'customer.send-password-reset'],
      ] as const) {
        await page.getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(/^Reason/).fill(`Asked on the phone: ${button}`);
        await dialog
          .getByRole('note')
          .filter({ hasText: `at ${customer.email} ${sends}` })
          .waitFor();
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: button }).click();
        await dialog
          .getByRole('status')
          .filter({ hasText: `The e-mail went to ${customer.email}` })
          .waitFor();
        await dialog.getByRole('button', { name: 'Done' }).click();
        await page
          .getByRole('table', { name: 'Timeline' })
          .getByRole('row')
          .filter({ hasText: action })
          .filter({ hasText: `Asked on the phone: ${button}` })
          .waitFor();
      }
      expect(errors).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
