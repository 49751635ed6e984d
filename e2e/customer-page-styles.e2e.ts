/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumForFile, openPage } from './browser.js';
import { signIn } from './session.js';
import { scenarioAccount } from './workflows.js';

/**
 * Every page of customer-app.md §2 comes styled however it is reached (issue 28, item 1): by its
 * button on a document that has loaded nothing else (as straight after signing in), back and
 * forward again, and by a full load of its address. The form controls' CSS travels in lazy
 * chunks; a page whose chunk lacks it draws Mantine's radio, checkbox and select icons at the
 * width of their container (300 px black discs, ticks and chevrons), which axe does not see (they
 * are aria-hidden). So each control's drawing is measured: none may be wider or taller than 40 px.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

/** The largest a radio, checkbox or select's icon is ever drawn by the design (lg is 30 px). */
const MAX_CONTROL_PX = 40;

/** What Mantine draws for a field's control: its icons and indicators, and the inputs themselves. */
const CONTROL_PARTS = [
  'input[type="radio"]',
  'input[type="checkbox"]',
  '.mantine-Radio-icon',
  '.mantine-RadioIndicator-icon',
  '.mantine-Checkbox-icon',
  '.mantine-CheckboxIndicator-icon',
  '.mantine-Input-section svg',
  '.mantine-InputBase-section svg',
  '.mantine-NativeSelect-section svg',
  '.mantine-MultiSelect-section svg',
].join(', ');

/** The controls drawn on the page: how many were measured, and those drawn too large. */
async function oversizedControls(page: Page) {
  return page.locator(CONTROL_PARTS).evaluateAll((els, max) => {
    const drawn = els
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    return {
      measured: drawn.length,
      oversized: drawn
        .filter(({ box }) => box.width > max || box.height > max)
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')
              .split(' ')
              .join('.')} ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    };
  }, MAX_CONTROL_PX);
}

/** A page is there when its heading is and nothing says "Loading…" (what a person waits for). */
async function pageShown(page: Page, ready?: (page: Page) => Locator) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText('Loading…').waitFor({ state: 'detached' });
  if (ready) await ready(page).first().waitFor();
}

type Route = {
  /** The route of customer-app.md §2. */
  route: string;
  /** The page the button is on (a path, or the route whose page has it). */
  from: string;
  /** The button's (or link's) accessible name. */
  button: string | RegExp;
  /** A control the page shows once its data is there, when it has one. */
  ready?: (page: Page) => Locator;
  /** The page shows form controls: the test insists it measured some. */
  hasControls?: boolean;
};

const signedInRoutes: Route[] = [
  { route: '/deliveries', from: '/customer/account', button: 'Deliveries' },
  { route: '/dogs', from: '/customer/deliveries', button: 'Dogs' },
  { route: '/account', from: '/customer/deliveries', button: 'Account' },
  {
    route: '/deliveries/{orderId}/edit/date',
    from: '/customer/deliveries',
    button: 'Change date',
    ready: (page) => page.getByRole('radio'),
  },
  {
    route: '/deliveries/{orderId}/edit/address',
    from: '/customer/deliveries',
    button: 'Change address',
    ready: (page) => page.getByRole('textbox', { name: /^Address line 1/ }),
  },
  {
    route: '/deliveries/{orderId}/edit/meals/{animalId}',
    from: '/customer/deliveries',
    button: /^Change .*’s meals$/,
  },
  { route: '/deliveries/{orderId}/edit/treat', from: '/customer/deliveries', button: 'Treats' },
  {
    route: '/deliveries/{orderId}/edit/supplement',
    from: '/customer/deliveries',
    button: 'Supplements',
  },
  {
    route: '/deliveries/{orderId}/add/treat',
    from: '/deliveries/{orderId}/edit/treat',
    button: 'Add treats',
  },
  {
    route: '/deliveries/{orderId}/extras/{productVariantId}',
    from: '/deliveries/{orderId}/add/treat',
    button: /./,
  },
  {
    route: '/dogs/add',
    from: '/customer/dogs',
    button: 'Add a dog',
    ready: (page) => page.getByRole('textbox', { name: 'Name' }),
    hasControls: true,
  },
  {
    route: '/dogs/{animalId}/edit/details',
    from: '/customer/dogs',
    button: /^Edit details for /,
    ready: (page) => page.getByRole('textbox', { name: 'Name' }),
    hasControls: true,
  },
  { route: '/dogs/{animalId}/edit/profile', from: '/customer/dogs', button: /^Edit profile for / },
  {
    route: '/dogs/{animalId}/edit/plan',
    from: '/customer/dogs',
    button: /^Change plan for /,
    ready: (page) => page.getByRole('radio'),
    hasControls: true,
  },
  {
    route: '/dogs/{animalId}/edit/meals',
    from: '/customer/dogs',
    button: /^Change meals for /,
    ready: (page) => page.getByRole('checkbox'),
    hasControls: true,
  },
  {
    route: '/dogs/{animalId}/{feedingPlanId}/edit-serving-size',
    from: '/customer/dogs',
    button: /^Change portion for /,
    ready: (page) => page.getByRole('combobox'),
    hasControls: true,
  },
  { route: '/account/edit/details', from: '/customer/account', button: 'Edit details' },
  { route: '/account/edit/password', from: '/customer/account', button: 'Change password' },
  {
    route: '/account/edit/address',
    from: '/customer/account',
    button: 'Edit address',
    ready: (page) => page.getByRole('combobox'),
    hasControls: true,
  },
  { route: '/account/order-history', from: '/customer/account', button: 'See order history' },
  {
    route: '/account/cancel-plan',
    from: '/customer/account',
    button: 'Cancel plan',
    ready: (page) => page.getByRole('radio'),
    hasControls: true,
  },
  { route: '/account/pause-plan', from: '/customer/account', button: 'Pause deliveries' },
];

/** The button's first match within the page's main content (the navigation links are outside). */
const buttonOn = (page: Page, name: string | RegExp) =>
  page
    .locator('main, header, nav')
    .getByRole('link', { name, exact: typeof name === 'string' })
    .or(page.getByRole('button', { name, exact: typeof name === 'string' }))
    .first();

describe('every page comes styled however it is reached (Chromium, 390 px)', () => {
  it('signed-in pages: by their button on a fresh document, back and forward, and by a full load', async () => {
    const account = await scenarioAccount(baseUrl, 'payment-soon');
    const { page, errors, close } = await openPage(browser());
    await signIn(page, baseUrl, account.email, account.password);
    const urlOf = new Map<string, string>();
    const problems: string[] = [];

    async function check(route: Route, how: string) {
      await pageShown(page, route.ready);
      const { measured, oversized } = await oversizedControls(page);
      for (const o of oversized) problems.push(`${route.route} (${how}): ${o}`);
      if (route.hasControls && measured === 0) {
        problems.push(`${route.route} (${how}): no form control found to measure`);
      }
    }

    for (const route of signedInRoutes) {
      // A new document opened on the page with the button: only what that page loaded is there.
      const from = route.from.startsWith('/customer/') ? route.from : urlOf.get(route.from);
      expect(from, `${route.route} is reached from ${route.from}`).toBeTruthy();
      await page.goto(from!.startsWith('http') ? from! : `${baseUrl}${from}`);
      await pageShown(page);
      const before = page.url();
      const target =
        route.route.includes('/extras/') && typeof route.button !== 'string'
          ? page.locator('main a[href*="/extras/"]').first()
          : buttonOn(page, route.button);
      await target.click();
      await page.waitForURL((url) => url.href !== before);
      await check(route, 'by its button');
      urlOf.set(route.route, page.url());

      await page.goBack();
      await pageShown(page);
      await page.goForward();
      await check(route, 'back, then forward');

      await page.goto(urlOf.get(route.route)!);
      await check(route, 'full load');
    }

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 600_000);

  it('password recovery pages: by their button and by a full load', async () => {
    const { page, errors, close } = await openPage(browser());
    const problems: string[] = [];
    const check = async (route: string, how: string) => {
      await pageShown(page);
      for (const o of (await oversizedControls(page)).oversized) {
        problems.push(`${route} (${how}): ${o}`);
      }
    };

    await page.goto(`${baseUrl}/customer/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await check('/forgot-password', 'by its link on the sign-in page');
    await page.getByLabel(/^Email/).fill('nobody@example.com.au');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL(/\/email-sent\?/);
    await check('/email-sent', 'by its button');
    const emailSent = page.url();
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await page.waitForURL(/\/confirm-forgot-password\?/);
    await check('/confirm-forgot-password', 'by its button');
    const confirm = page.url();

    for (const [route, url] of [
      ['/forgot-password', `${baseUrl}/customer/forgot-password`],
      ['/email-sent', emailSent],
      ['/confirm-forgot-password', confirm],
    ] as const) {
      await page.goto(url);
      await check(route, 'full load');
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 180_000);
});
