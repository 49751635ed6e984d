import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, or } from '@pawfresh/db/orm';
import { iso, isoOrNull } from '@pawfresh/db';
import type {
  PaymentCustomer,
  PaymentMethod,
  PaymentProviderName,
} from '@pawfresh/contracts/payment';
import type { ProviderPaymentMethod } from '../provider/payment-provider.js';
import type { PaymentDb } from './payment-db.js';
import { customers, paymentMethods } from './schema.js';

export type CustomerRow = typeof customers.$inferSelect;
export type MethodRow = typeof paymentMethods.$inferSelect;

export const toPaymentMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  expiryMonth: row.expiryMonth,
  expiryYear: row.expiryYear,
  last4Digits: row.last4Digits,
  default: row.isDefault,
  provider: row.provider,
  providerPaymentMethodId: row.providerPaymentMethodId,
  createdAt: iso(row.createdAt),
});

/** A customer's live methods, the default first, then the newest. */
export async function liveMethods(db: PaymentDb, customerId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.removedAt)))
    .orderBy(
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
      asc(paymentMethods.id),
    );
}

export async function toCustomer(db: PaymentDb, row: CustomerRow): Promise<PaymentCustomer> {
  const methods = await liveMethods(db, row.id);
  return {
    id: row.id,
    userId: row.userId,
    provider: row.provider,
    providerCustomerId: row.providerCustomerId,
    migratedAt: isoOrNull(row.migratedAt),
    defaultPaymentMethodId: methods.find((m) => m.isDefault)?.id ?? null,
    paymentMethods: methods.map(toPaymentMethod),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function countCustomers(db: PaymentDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers);
  return row?.n ?? 0;
}

export async function findCustomerByUser(
  db: PaymentDb,
  userId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId));
  return row;
}

export async function findCustomer(db: PaymentDb, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerAtProvider(
  db: PaymentDb,
  provider: PaymentProviderName,
  providerCustomerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.provider, provider), eq(customers.providerCustomerId, providerCustomerId)),
    );
  return row;
}

/**
 * Locks a customer row: every change of its methods' default queues on it. Pass the user id to
 * lock the user's customer instead.
 */
export async function lockCustomer(
  tx: PaymentDb,
  by: { id: string } | { userId: string },
): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where('id' in by ? eq(customers.id, by.id) : eq(customers.userId, by.userId))
    .for('update');
  return row;
}

export interface NewCustomer {
  id?: string;
  userId: string;
  provider: PaymentProviderName;
  providerCustomerId: string;
  migratedBy?: string;
}

/**
 * Adds a customer (migrated when `migratedBy` is given). `ifAbsent`: one that is already there
 * (same user or id) wins and `false` is answered; otherwise a clash throws the unique violation.
 */
export async function insertCustomer(
  db: PaymentDb,
  customer: NewCustomer,
  now: Date,
  ifAbsent: boolean,
): Promise<boolean> {
  const { migratedBy, ...fields } = customer;
  const insert = db.insert(customers).values({
    ...fields,
    id: customer.id ?? randomUUID(),
    ...(migratedBy === undefined ? {} : { migratedAt: now, migratedBy }),
    createdAt: now,
    updatedAt: now,
  });
  if (!ifAbsent) {
    await insert;
    return true;
  }
  const inserted = await insert.onConflictDoNothing().returning({ id: customers.id });
  return inserted.length > 0;
}

export async function touchCustomer(tx: PaymentDb, id: string, now: Date): Promise<void> {
  await tx.update(customers).set({ updatedAt: now }).where(eq(customers.id, id));
}

/** Deletes a customer and its methods (only ever one no payment refers to). */
export async function deleteCustomer(tx: PaymentDb, id: string): Promise<void> {
  await tx.delete(paymentMethods).where(eq(paymentMethods.customerId, id));
  await tx.delete(customers).where(eq(customers.id, id));
}

/**
 * A customer's live method by our id, the provider's, or `either` (a confirm may name it by
 * either one).
 */
export async function findLiveMethod(
  db: PaymentDb,
  customerId: string,
  id: string,
  by: 'ours' | 'providers' | 'either' = 'ours',
): Promise<MethodRow | undefined> {
  const ours = eq(paymentMethods.id, id);
  const providers = eq(paymentMethods.providerPaymentMethodId, id);
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.removedAt),
        by === 'ours' ? ours : by === 'providers' ? providers : or(ours, providers),
      ),
    );
  return row;
}

export type NewMethod = ProviderPaymentMethod & {
  customerId: string;
  provider: PaymentProviderName;
  isDefault: boolean;
  createdAt: Date;
};

export async function insertMethods(tx: PaymentDb, methods: NewMethod[]): Promise<MethodRow[]> {
  if (methods.length === 0) return [];
  return tx
    .insert(paymentMethods)
    .values(methods.map((m) => ({ id: randomUUID(), ...m })))
    .returning();
}

/** No method of the customer is the default any more (before another one becomes it). */
export async function clearDefault(tx: PaymentDb, customerId: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(eq(paymentMethods.customerId, customerId));
}

/** Makes a live method the default; `undefined` when it has been removed. */
export async function markDefault(tx: PaymentDb, id: string): Promise<MethodRow | undefined> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.removedAt)))
    .returning();
  return row;
}

/** Marks a live method removed; `undefined` when it already was. */
export async function removeMethod(
  tx: PaymentDb,
  id: string,
  now: Date,
): Promise<MethodRow | undefined> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ removedAt: now, isDefault: false })
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.removedAt)))
    .returning();
  return row;
}
