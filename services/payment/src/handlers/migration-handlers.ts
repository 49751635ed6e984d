import { randomUUID } from 'node:crypto';
import { and, count, eq } from '@pawfresh/db/orm';
import { conflict, notFound, type Handlers } from '@pawfresh/kit';
import type { paymentContract } from '@pawfresh/contracts/payment';
import { customers, paymentMethods, payments } from '../db/schema.js';
import { isUniqueViolation } from '@pawfresh/db';
import { findCustomerByUser, toCustomer } from '../db/views.js';
import { withProvider } from './provider-errors.js';
import { noCustomer } from './customer-handlers.js';
import type { PaymentDeps } from './deps.js';

type MigrationHandlers = Pick<
  Handlers<typeof paymentContract>,
  'migrateCustomer' | 'revertMigration'
>;

export function migrationHandlers(deps: PaymentDeps): MigrationHandlers {
  const { db, clock, provider } = deps;
  return {
    migrateCustomer: async ({ body }) => {
      const existing = await findCustomerByUser(db, body.userId);
      if (existing) {
        // Importing the same customer again is a no-op, so a re-run migration is safe.
        if (existing.migratedAt && existing.providerCustomerId === body.providerCustomerId) {
          return toCustomer(db, existing);
        }
        throw conflict(
          `User ${body.userId} already has a payment customer (${existing.providerCustomerId})`,
        );
      }
      const [taken] = await db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.provider, provider.name),
            eq(customers.providerCustomerId, body.providerCustomerId),
          ),
        );
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
          await tx.insert(customers).values({
            id,
            userId: body.userId,
            provider: provider.name,
            providerCustomerId: body.providerCustomerId,
            migratedAt: now,
            migratedBy: body.createdBy,
            createdAt: now,
            updatedAt: now,
          });
          if (found.paymentMethods.length) {
            await tx.insert(paymentMethods).values(
              found.paymentMethods.map((m) => ({
                id: randomUUID(),
                customerId: id,
                provider: provider.name,
                isDefault: m.providerPaymentMethodId === defaultId,
                createdAt: now,
                ...m,
              })),
            );
          }
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
    },

    revertMigration: async ({ params }) => {
      await db.transaction(async (tx) => {
        const [customer] = await tx
          .select()
          .from(customers)
          .where(eq(customers.userId, params.userId))
          .for('update');
        if (!customer) throw noCustomer(params.userId);
        if (!customer.migratedAt) {
          throw conflict(
            `User ${params.userId}'s payment customer was not imported by a migration: there is nothing to revert`,
          );
        }
        const [used] = await tx
          .select({ n: count() })
          .from(payments)
          .where(eq(payments.customerId, customer.id));
        const n = used?.n ?? 0;
        if (n > 0) {
          throw conflict(
            `User ${params.userId} has ${n} payment${n === 1 ? '' : 's'}: a migration can only be reverted before any money moves`,
          );
        }
        // The provider customer stays: it belongs to the legacy system, which still uses it.
        await tx.delete(paymentMethods).where(eq(paymentMethods.customerId, customer.id));
        await tx.delete(customers).where(eq(customers.id, customer.id));
      });
    },
  };
}
