import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import type { PaymentCustomer } from '@pawfresh/contracts/payment';
import { CARDS, STAFF, charge, chargeBody, saveCard, usePayment } from './harness.js';

const h = usePayment();

const migrate = (userId: string, providerCustomerId: string) =>
  h.call('POST', '/migration', { userId, providerCustomerId, createdBy: STAFF });

describe('migration', () => {
  it('imports a legacy customer, answers a re-run the same, and reverts it', async () => {
    const userId = randomUUID();
    const res = await migrate(userId, 'cus_LEGACY123');
    expect(res.statusCode, res.body).toBe(201);
    const customer = res.json<PaymentCustomer>();
    expect(customer).toMatchObject({
      userId,
      provider: 'sandbox',
      providerCustomerId: 'cus_LEGACY123',
      migratedAt: '2026-01-04T23:00:00.000Z',
      paymentMethods: [],
    });
    expect((await migrate(userId, 'cus_LEGACY123')).json()).toEqual(customer);
    expect((await h.call('GET', `/customers/${userId}`)).json()).toEqual(customer);

    // The imported customer takes cards like any other.
    await saveCard(h.app, userId, CARDS.visa);

    const reverted = await h.call('DELETE', `/migration/${userId}`);
    expect(reverted.statusCode).toBe(204);
    expect((await h.call('GET', `/customers/${userId}`)).statusCode).toBe(404);
    expect((await h.call('DELETE', `/migration/${userId}`)).statusCode).toBe(404);
    // After a revert the same import can run again.
    expect((await migrate(userId, 'cus_LEGACY123')).statusCode).toBe(201);
  });

  it('imports the cards the provider already has for the customer', async () => {
    // A customer made here, whose provider customer is then imported for another user id.
    const original = randomUUID();
    await saveCard(h.app, original, CARDS.visa);
    await saveCard(h.app, original, CARDS.mastercard);
    const { providerCustomerId } = (
      await h.call('GET', `/customers/${original}`)
    ).json<PaymentCustomer>();
    const clash = await migrate(randomUUID(), providerCustomerId);
    expect(clash.statusCode).toBe(409);
    expect(messagesOf(clash)).toEqual([
      `Card provider customer ${providerCustomerId} already belongs to user ${original}`,
    ]);
  });

  it('refuses clashes, unknown provider customers and reverting a customer with payments', async () => {
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.visa);
    const native = await migrate(userId, 'cus_OTHER');
    expect(native.statusCode).toBe(409);
    expect(messagesOf(native)).toEqual([expect.stringMatching(/already has a payment customer/)]);
    const notMigrated = await h.call('DELETE', `/migration/${userId}`);
    expect(notMigrated.statusCode).toBe(409);
    expect(messagesOf(notMigrated)).toEqual([
      expect.stringMatching(/was not imported by a migration/),
    ]);

    const unknown = await migrate(randomUUID(), 'pm_not_a_customer');
    expect(unknown.statusCode).toBe(404);

    const paying = randomUUID();
    expect((await migrate(paying, 'cus_PAYING')).statusCode).toBe(201);
    await saveCard(h.app, paying, CARDS.visa);
    expect((await charge(h.app, paying, chargeBody())).statusCode).toBe(201);
    const refused = await h.call('DELETE', `/migration/${paying}`);
    expect(refused.statusCode).toBe(409);
    expect(messagesOf(refused)).toEqual([
      `User ${paying} has 1 payment: a migration can only be reverted before any money moves`,
    ]);
    const bad = await h.call('POST', '/migration', { userId: 'x', providerCustomerId: '' });
    expect(bad.statusCode).toBe(400);
  });
});
