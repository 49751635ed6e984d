import { describe, expect, it } from 'vitest';
import type { PaymentCustomer } from '@pawfresh/contracts/payment';
import { seedDemoPayments, DEMO_USER_ID } from '../src/seed/seed-demo-payments.js';
import { sandboxProvider } from '../src/provider/sandbox-provider.js';
import { schema } from '../src/db/schema.js';
import { charge, chargeBody, usePayment } from './harness.js';

const h = usePayment();

describe('demo data', () => {
  it('gives the demo user a default Visa 4242 and a Mastercard 4444 on a first start, and only then', async () => {
    const provider = sandboxProvider(h.database.forSchema(schema), h.clock);
    expect(await seedDemoPayments(h.database, h.clock, provider)).toEqual({
      seeded: true,
      summary: 'demo payment customer with a default Visa ending 4242 and a Mastercard ending 4444',
    });
    expect(await seedDemoPayments(h.database, h.clock, provider)).toMatchObject({ seeded: false });
    const customer = (await h.call('GET', `/customers/${DEMO_USER_ID}`)).json<PaymentCustomer>();
    expect(
      customer.paymentMethods.map((m) => [
        m.brand,
        m.last4Digits,
        m.expiryMonth,
        m.expiryYear,
        m.default,
      ]),
    ).toEqual([
      ['visa', '4242', 12, 2030, true],
      ['mastercard', '4444', 12, 2030, false],
    ]);
    // The seeded cards are real sandbox cards: the demo customer can be charged.
    const res = await charge(h.app, DEMO_USER_ID, chargeBody());
    expect(res.statusCode, res.body).toBe(201);
  });
});
