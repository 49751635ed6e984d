/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, chromiumForFile, openPage, VIEWPORTS } from './browser.js';
import { confirmSuccess, signIn, successNotice } from './session.js';
import { runWorkflow, scenarioAccount, type ScenarioAccount } from './workflows.js';

const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

type Account = ScenarioAccount;

/**
 * A new customer whose next box can still change (create-account-scenario "payment-soon":
 * Biscuit, Richmond VIC 3121, one box billed from T+2; docs/workflows.md "Test accounts").
 */
const newCustomer = () => scenarioAccount(baseUrl, 'payment-soon');

/** The customer's boxes planned 12 weeks ahead (generate-orders for their subscription): how many. */
const planBoxes = async (account: Account) =>
  (
    await runWorkflow<{ ordersCreated: number }>(baseUrl, 'generate-orders', {
      subscriptionId: account.subscriptionId,
    })
  ).ordersCreated;

async function signInAs(page: Page, account: Account) {
  await signIn(page, baseUrl, account.email, account.password);
  await page.getByRole('region').filter({ hasText: 'Your next box' }).waitFor();
}

const nextBox = (page: Page) => page.getByRole('region').filter({ hasText: 'Your next box' });

/** "Fri 4 Dec" (or "Friday 4 December" with `long`) of a calendar date, as the app writes it. */
function dayWords(date: string, long = false): string {
  const [year, month, day] = date.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('en-AU', {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(year!, month! - 1, day!)));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}`;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function fillAddress(
  page: Page,
  address: { line1: string; suburb: string; state: string; postcode: string },
) {
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('Suburb').fill(address.suburb);
  await page.getByLabel('City').fill('');
  await page.getByLabel('State').selectOption({ label: address.state });
  await page.getByLabel('Postcode').fill(address.postcode);
}

/** The change-date page of the customer's next box, the same day a week later picked. */
async function pickDayAWeekLater(account: Account) {
  const moved = addDays(account.orders[0]!.deliveryDate, 7);
  const opened = await openPage(browser());
  await signInAs(opened.page, account);
  await nextBox(opened.page).getByRole('link', { name: 'Change date' }).click();
  await opened.page
    .getByRole('radio', { name: new RegExp(`^${dayWords(moved)}, Change by`) })
    .click();
  return { ...opened, moved };
}

/** Opens each edit page of the box (its path under the box, its heading) and runs axe on it. */
async function expectAxeCleanPages(
  page: Page,
  orderId: string,
  pages: readonly (readonly [path: string, heading: string])[],
) {
  for (const [path, heading] of pages) {
    await page.goto(`${baseUrl}/customer/deliveries/${orderId}/${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  }
}

describe('a customer changes a delivery (scenario customers, Chromium)', () => {
  // Each page of a box is checked at both widths; the pages are split over two tests (about ten
  // page loads with axe each at one width went past a minute beside the PostgreSQL run in CI).
  for (const [name, viewport] of VIEWPORTS) {
    it(`the change date, address and meals pages of a box are axe clean (${name})`, async () => {
      const account = await newCustomer();
      const box = account.orders[0]!;
      const { page, errors, close } = await openPage(browser(), viewport);
      await signInAs(page, account);

      await nextBox(page).getByRole('link', { name: 'Change date' }).click();
      await page.getByRole('radiogroup', { name: /Delivery day/ }).waitFor();
      await page
        .getByText(/Change by /)
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await mkdir('docs/screenshots', { recursive: true });
      await page.screenshot({
        path: `docs/screenshots/delivery-edit-date-${name}.png`,
        fullPage: true,
      });
      await expectAxeCleanPages(page, box.orderId, [
        ['edit/address', 'Change delivery address'],
        [`edit/meals/${account.dogId}`, 'Change Biscuit’s meals'],
      ]);
      expect(errors).toEqual([]);
      await close();
    });

    it(`the treats, supplements and extra pages of a box are axe clean (${name})`, async () => {
      const account = await newCustomer();
      const order = `${baseUrl}/customer/deliveries/${account.orders[0]!.orderId}`;
      const { page, errors, close } = await openPage(browser(), viewport);
      await signInAs(page, account);
      await expectAxeCleanPages(page, account.orders[0]!.orderId, [
        ['edit/treat', 'Your treats'],
        ['add/treat', 'Add treats'],
        ['add/supplement', 'Add supplements'],
      ]);
      await page.goto(`${order}/add/treat`);
      await page.locator('main ul a').first().click();
      await page.getByRole('radiogroup', { name: 'How often' }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('moves a delivery to the same day a week later', async () => {
    const { page, errors, close, moved } = await pickDayAWeekLater(await newCustomer());
    await page.getByRole('button', { name: new RegExp(`^Move to ${dayWords(moved)}`) }).click();
    await confirmSuccess(page);
    await page.waitForURL(/\/customer\/deliveries$/);
    // The box is now on the new day, as deliveries shows it.
    await nextBox(page)
      .getByRole('heading', { name: dayWords(moved, true) })
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('moves a delivery and all future boxes a week later in one change', async () => {
    const account = await newCustomer();
    const later = await planBoxes(account);
    expect(later).toBeGreaterThan(1);
    const { page, errors, close, moved } = await pickDayAWeekLater(account);
    await page
      .getByRole('radio', {
        name: `This box and all future boxes, The ${later} boxes after it move too, as often as now from the new day`,
      })
      .click();
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/delivery-info'),
    );
    await page.getByRole('button', { name: new RegExp(`^Move to ${dayWords(moved)}`) }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      applyToFutureOrders: true,
      date: { deliveryDate: moved },
    });
    // The notice names what moved: this box, then each later box's new day (the server's answer).
    const notice = successNotice(page);
    await notice.waitFor({ timeout: 180_000 });
    const words = (await notice.textContent()) ?? '';
    expect(words).toContain(`Your box now arrives ${dayWords(moved, true)}`);
    expect(words).toMatch(new RegExp(`The ${later} boxes after it now arrive `));
    expect(words).not.toContain('stays as it was');
    await page.waitForURL(/\/customer\/deliveries$/);
    await nextBox(page)
      .getByRole('heading', { name: dayWords(moved, true) })
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('changes the address for all future boxes, refused an unserviceable one first', async () => {
    const account = await newCustomer();
    const { page, errors, close } = await openPage(browser());
    await signInAs(page, account);

    await nextBox(page).getByRole('link', { name: 'Change address' }).click();
    await fillAddress(page, {
      line1: '1 Yulara Drive',
      suburb: 'Yulara',
      state: 'Northern Territory',
      postcode: '0872',
    });
    await page.getByRole('radio', { name: /^This box and all future boxes/ }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We don’t deliver to Yulara NT 0872 yet' })
      .waitFor();

    // A Victorian postcode under New South Wales is caught before anything is sent.
    await fillAddress(page, {
      line1: '10 Church Street',
      suburb: 'Hawthorn',
      state: 'New South Wales',
      postcode: '3122',
    });
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('3122 is not a New South Wales postcode').waitFor();

    await page.getByLabel('State').selectOption({ label: 'Victoria' });
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/delivery-info'),
    );
    await page.getByRole('button', { name: 'Save address' }).click();
    // One call for this box and the later ones, which also makes it the address on file.
    expect((await sent).postDataJSON()).toMatchObject({
      applyToFutureOrders: true,
      postcode: '3122',
      address: { address1: '10 Church Street', state: 'VIC' },
    });
    await confirmSuccess(page);
    await page.waitForURL(/\/customer\/deliveries$/);
    await nextBox(page).getByText('10 Church Street, Hawthorn').waitFor();
    await page.getByRole('link', { name: 'Account' }).first().click();
    await page
      .getByRole('region', { name: 'Default address' })
      .getByText('10 Church Street')
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('changes a dog’s meals', async () => {
    const account = await newCustomer();
    const { page, errors, close } = await openPage(browser());
    await signInAs(page, account);

    await nextBox(page).getByRole('link', { name: 'Change Biscuit’s meals' }).click();
    await page.getByRole('heading', { name: 'Change Biscuit’s meals' }).waitFor();
    const meals = page.locator('main ul > li');
    const chosen = meals
      .filter({ has: page.locator('output', { hasText: /^[1-9]\d* pouch/ }) })
      .first();
    const other = meals.filter({ has: page.locator('output', { hasText: /^0 pouches$/ }) }).first();
    const otherName = (await other.locator('p').first().textContent())!.trim();
    await chosen.getByRole('button', { name: /^One fewer / }).click();
    await other.getByRole('button', { name: /^One more / }).click();
    await page.getByRole('button', { name: 'Save meals' }).click();
    await confirmSuccess(page);
    await page.waitForURL(/\/customer\/deliveries$/);
    await nextBox(page).getByText(otherName).first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('adds a treat to one box and to every second box, then removes it', async () => {
    const account = await newCustomer();
    const { page, errors, close } = await openPage(browser());
    await signInAs(page, account);

    await nextBox(page).getByRole('link', { name: 'Treats' }).click();
    await page.getByRole('heading', { name: 'No treats in this box' }).waitFor();
    await page.getByRole('link', { name: 'Add treats' }).click();
    const first = page.locator('main ul a').first();
    const treat = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { name: treat, level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Add 1 pack/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `1 pack of ${treat} added to your box of` })
      .waitFor();
    await page.getByRole('heading', { name: 'Your treats' }).waitFor();
    const card = page.locator('.mantine-Card-root').filter({ hasText: treat });
    await card.getByText(/^This box only ·/).waitFor();
    await card.getByRole('button', { name: `Remove ${treat}` }).click();
    await page.getByRole('heading', { name: 'No treats in this box' }).waitFor();

    await page.getByRole('link', { name: 'Add treats' }).click();
    await page.locator('main ul a').first().click();
    await page.getByRole('radio', { name: /^Every 2nd box/ }).click();
    await page.getByRole('button', { name: /^Add 1 pack/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `1 pack of ${treat} added to every 2nd box` })
      .or(page.getByRole('alert'))
      .first()
      .waitFor({ timeout: 40_000 });
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await page.getByRole('heading', { name: 'Your treats' }).waitFor();
    await card.getByText(/^Every 2nd box ·/).waitFor();
    await card.getByRole('button', { name: `Remove ${treat}` }).click();
    await page.getByRole('heading', { name: 'No treats in this box' }).waitFor();
    await page.getByText(`${treat} stops: it is off your boxes`).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
