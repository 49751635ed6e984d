import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '@pawfresh/kit';
import { isUniqueViolation } from '@pawfresh/db';
import type { PaymentCustomer } from '@pawfresh/contracts/payment';
import {
  deleteCustomer,
  findCustomerAtProvider,
  findCustomerByUser,
  insertCustomer,
  insertMethods,
  lockCustomer,
  toCustomer,
} from '../db/customer-store.js';
import { countPaymentsOfCustomer } from '../db/payment-store.js';
import { requireRevertable, requireSameImport } from '../rules/migration.js';
import type { PaymentContext } from './context.js';
import { noCustomer } from './customers.js';
import { withProvider } from './provider-errors.js';

/**
 * Imports a legacy system's provider customer, with the cards the provider keeps for it, as the
 * user's payment customer. The same import again answers the same customer.
 */
export async function importCustomer(
  ctx: PaymentContext,
  body: { userId: string; providerCustomerId: string; createdBy: string },
): Promise<PaymentCustomer> {
  const { db, clock, provider } = ctx;
  const existing = await findCustomerByUser(db, body.userId);
  if (existing) {
    requireSameImport(body.userId, existing, body.providerCustomerId);
    return toCustomer(db, existing);
  }
  const taken = await findCustomerAtProvider(db, provider.name, body.providerCustomerId);
  if (taken) {
    throw conflict(
      `Card provider customer ${body.providerCustomerId} already belongs to user ${taken.userId}`,
    );
  }
  const found = await withProvider(() => provider.findCustomer(body.providerCustomerId));
  if (!found) throw notFound(`Card provider customer ${body.providerCustomerId} not found`);
  const now = clock.now();
  const id = randomUUID();
  const defaultId =
    found.defaultPaymentMethodId ?? found.paymentMethods[0]?.providerPaymentMethodId;
  try {
    await db.transaction(async (tx) => {
      const customer = {
        id,
        userId: body.userId,
        provider: provider.name,
        providerCustomerId: body.providerCustomerId,
        migratedBy: body.createdBy,
      };
      await insertCustomer(tx, customer, now, false);
      await insertMethods(
        tx,
        found.paymentMethods.map((m) => ({
          customerId: id,
          provider: provider.name,
          isDefault: m.providerPaymentMethodId === defaultId,
          createdAt: now,
          ...m,
        })),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(`User ${body.userId} was imported by another request at the same time`);
    }
    throw err;
  }
  const row = await findCustomerByUser(db, body.userId);
  if (!row) throw new Error(`Imported customer ${id} vanished`);
  return toCustomer(db, row);
}

/**
 * Undoes an import before any money moved. The provider customer stays: it belongs to the legacy
 * system, which still uses it.
 */
export async function revertMigration(ctx: PaymentContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, { userId });
    if (!customer) throw noCustomer(userId);
    requireRevertable(userId, customer, await countPaymentsOfCustomer(tx, customer.id));
    await deleteCustomer(tx, customer.id);
  });
}
