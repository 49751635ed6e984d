import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { countCustomers, insertCustomer, insertMethods } from '../db/customer-store.js';
import { schema } from '../db/schema.js';
import type { PaymentProvider, ProviderPaymentMethod } from '../provider/payment-provider.js';

/** The demo customer (identity's demo user), so the account app shows cards on a first start. */
export const DEMO_USER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';
export const DEMO_CUSTOMER_ID = '7a0c3f52-1b8e-4d6a-9c2f-5e4d3c2b1a09';

/**
 * A first start (no payment customers at all) gets the demo customer with a default Visa ending
 * 4242 and a Mastercard ending 4444, tokenised by the sandbox like any other card. Only in
 * sandbox mode: a real provider's customers are made by real people.
 */
export async function seedDemoPayments(
  database: DatabaseConnection,
  clock: Clock,
  provider: PaymentProvider,
): Promise<{ seeded: boolean; summary: string }> {
  const db = database.forSchema(schema);
  if ((await countCustomers(db)) > 0)
    return { seeded: false, summary: 'payment customers already there' };
  if (provider.name !== 'sandbox') {
    return { seeded: false, summary: 'no demo cards with a real card provider' };
  }
  const providerCustomerId = await provider.createCustomer({
    userId: DEMO_USER_ID,
    idempotencyKey: `pawfresh:customer:${DEMO_USER_ID}`,
  });
  const cards = [
    { number: '4242424242424242', cvc: '123', isDefault: true },
    { number: '5555555555554444', cvc: '123', isDefault: false },
  ];
  const saved: (ProviderPaymentMethod & { isDefault: boolean })[] = [];
  for (const card of cards) {
    const method = await provider.attachPaymentMethod(providerCustomerId, {
      kind: 'card',
      card: { number: card.number, expMonth: 12, expYear: 2030, cvc: card.cvc },
    });
    saved.push({ ...method, isDefault: card.isDefault });
  }
  const now = clock.now();
  const seeded = await db.transaction(async (tx) => {
    // A fixed id: a second process seeding at the same moment adds nothing twice.
    const inserted = await insertCustomer(
      tx,
      { id: DEMO_CUSTOMER_ID, userId: DEMO_USER_ID, provider: 'sandbox', providerCustomerId },
      now,
      true,
    );
    if (!inserted) return false;
    await insertMethods(
      tx,
      saved.map((m, i) => ({
        customerId: DEMO_CUSTOMER_ID,
        provider: 'sandbox' as const,
        // Added a second apart, so "newest first" lists them the same way every time.
        createdAt: new Date(now.getTime() - (saved.length - i) * 1000),
        ...m,
      })),
    );
    return true;
  });
  if (!seeded) return { seeded: false, summary: 'payment customers already there' };
  await provider.setDefaultPaymentMethod(providerCustomerId, saved[0]!.providerPaymentMethodId);
  return {
    seeded: true,
    summary: 'demo payment customer with a default Visa ending 4242 and a Mastercard ending 4444',
  };
}
