/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { CustomerDeliveryOptions } from '@pawfresh/contracts/account';
import { expectNoAxeViolations, chromiumForFile, JOURNEY_TIMEOUT, openPage } from './browser.js';
import { signIn } from './session.js';
import { runWorkflow, scenarioAccount } from './workflows.js';

/**
 * Issue 28, item 2, in Chromium at 390 px: the change-date page of a later box offers exactly the
 * days and slots the server accepts, with the server's cut-offs, and the server takes every one
 * of them. Before, the page carried the box's own lead time over to other days and ignored the
 * slot, so it offered days (mornings especially) the server then refused.
 */
const baseUrl = inject('baseUrl');
const browser = chromiumForFile();

type Box = {
  id: string;
  deliveryDate: string;
  displayType: string;
  address: { postcode: string; suburb: string };
};

/** The customer API, signed in as the customer (what the app does with its access token). */
async function customerApi(email: string, password: string) {
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return (method: string, path: string, body?: object) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
}

type Offered = { deliveryDate: string; slot: 'AM' | 'PM'; dayLabel: string; slotLabel: string };

/** Every day and slot the page lets the customer choose, with what each card says. */
async function offeredOnPage(page: Page, dateOf: (title: string) => string): Promise<Offered[]> {
  const days = page.getByRole('radiogroup', { name: /Delivery day/ });
  const slots = page.getByRole('radiogroup', { name: 'Time of day' });
  const offered: Offered[] = [];
  const count = await days.getByRole('radio').count();
  for (let i = 0; i < count; i += 1) {
    const day = days.getByRole('radio').nth(i);
    await day.click();
    const dayLabel = (await day.getAttribute('aria-label'))!;
    const deliveryDate = dateOf(dayLabel.split(',')[0]!.replace(' (now)', ''));
    for (const [slot, title] of [
      ['AM', 'Morning'],
      ['PM', 'Afternoon'],
    ] as const) {
      const card = slots.getByRole('radio', { name: new RegExp(`^${title}`) });
      if (await card.isDisabled()) continue;
      offered.push({
        deliveryDate,
        slot,
        dayLabel,
        slotLabel: (await card.getAttribute('aria-label'))!,
      });
    }
  }
  return offered;
}

describe('delivery days from the server (Chromium, 390 px)', () => {
  it(
    'a later box offers exactly the days and slots the server takes, with its cut-offs',
    async () => {
      const account = await scenarioAccount(baseUrl, 'payment-soon');
      await runWorkflow(baseUrl, 'generate-orders', { subscriptionId: account.subscriptionId });
      const api = await customerApi(account.email, account.password);
      const { futureOrders } = (await (await api('GET', '/orders')).json()) as {
        futureOrders: Box[];
      };
      // A box some weeks on: its lead time is not the one of the days near today.
      const box = futureOrders.filter((o) => o.displayType === 'FUTURE').at(2)!;
      expect(box, 'a third box to come').toBeDefined();

      const { page, errors, close } = await openPage(browser());
      await signIn(page, baseUrl, account.email, account.password);
      const answered = page.waitForResponse(
        (res) =>
          res.url().endsWith(`/api/v1/orders/${box.id}/delivery-options`) &&
          res.request().method() === 'GET',
      );
      await page.goto(`${baseUrl}/customer/deliveries/${box.id}/edit/date`);
      const server = (await (await answered).json()) as CustomerDeliveryOptions;
      await page.getByRole('radiogroup', { name: /Delivery day/ }).waitFor();

      const accepted = server.days.flatMap((day) =>
        day.slots
          .filter((slot) => slot.accepted)
          .map((slot) => ({ deliveryDate: day.deliveryDate, ...slot })),
      );
      // The server refuses some of the days the courier delivers on (their cut-off has passed).
      expect(server.days.flatMap((d) => d.slots).some((slot) => !slot.accepted)).toBe(true);
      const byTitle = new Map(server.days.map((d) => [formatDay(d.deliveryDate), d.deliveryDate]));
      const offered = await offeredOnPage(page, (title) => byTitle.get(title) ?? title);

      // Exactly the server's accepted days and slots…
      expect(offered.map((o) => `${o.deliveryDate} ${o.slot}`).sort()).toEqual(
        accepted.map((a) => `${a.deliveryDate} ${a.deliverySlotId}`).sort(),
      );
      // …each slot with the server's cut-off, in its words, and each day with one of its own.
      for (const o of offered) {
        const server = accepted.find(
          (a) => a.deliveryDate === o.deliveryDate && a.deliverySlotId === o.slot,
        )!;
        expect(o.slotLabel).toMatch(new RegExp(`change by ${server.changeBy}$`));
        expect(server.changeBy).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, \d{1,2}(am|pm)$/);
        const dayCutoffs = accepted
          .filter((a) => a.deliveryDate === o.deliveryDate)
          .map((a) => `Change by ${a.changeBy}`);
        expect(dayCutoffs).toContain(o.dayLabel.split(', ').slice(1).join(', '));
      }
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();

      // Every one of them is taken by the server when chosen (the box moves there).
      for (const o of offered) {
        const res = await api('POST', `/orders/${box.id}/delivery-info`, {
          postcode: box.address.postcode,
          suburb: box.address.suburb,
          date: { deliveryDate: o.deliveryDate, deliverySlotId: o.slot },
        });
        expect(res.status, `${o.deliveryDate} ${o.slot}: ${await res.clone().text()}`).toBe(200);
      }
    },
    JOURNEY_TIMEOUT,
  );
});
