import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from '@pawfresh/db/orm';
import { badRequest, notFound, type Handlers } from '@pawfresh/kit';
import type { CardDetails, PaymentCustomer, paymentContract } from '@pawfresh/contracts/payment';
import { customers, paymentMethods } from '../db/schema.js';
import {
  findCustomerByUser,
  liveMethods,
  toCustomer,
  toPaymentMethod,
  type CustomerRow,
  type MethodRow,
} from '../db/views.js';
import type { NewCard } from '../provider/payment-provider.js';
import { withProvider } from './provider-errors.js';
import type { PaymentDeps } from './deps.js';

type CustomerHandlers = Pick<
  Handlers<typeof paymentContract>,
  | 'getCustomer'
  | 'listPaymentMethods'
  | 'createPaymentMethod'
  | 'setDefaultPaymentMethod'
  | 'deletePaymentMethod'
  | 'createSource'
>;

export const noCustomer = (userId: string) =>
  notFound(`No payment customer for user ${userId}: save a payment method first`);

export async function requireCustomer(deps: PaymentDeps, userId: string): Promise<CustomerRow> {
  const row = await findCustomerByUser(deps.db, userId);
  if (!row) throw noCustomer(userId);
  return row;
}

/** The user's payment customer, made at the provider and here on first use. */
async function ensureCustomer(deps: PaymentDeps, userId: string): Promise<CustomerRow> {
  const existing = await findCustomerByUser(deps.db, userId);
  if (existing) return existing;
  // Keyed by user: two first requests at once get the same provider customer.
  const providerCustomerId = await withProvider(() =>
    deps.provider.createCustomer({ userId, idempotencyKey: `pawfresh:customer:${userId}` }),
  );
  const now = deps.clock.now();
  await deps.db
    .insert(customers)
    .values({
      id: randomUUID(),
      userId,
      provider: deps.provider.name,
      providerCustomerId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const row = await findCustomerByUser(deps.db, userId);
  if (!row) throw new Error(`Payment customer for ${userId} vanished`);
  return row;
}

/** Sandbox mode takes card details; a real provider takes the id its own card form made. */
function newCard(
  deps: PaymentDeps,
  input: { card?: CardDetails | undefined; token?: string | undefined },
  tokenField: string,
): NewCard {
  if (input.card && input.token) {
    throw badRequest(`Send either card or ${tokenField}, not both`);
  }
  if (deps.provider.name === 'sandbox') {
    if (!input.card) {
      throw badRequest(
        'card is required: the sandbox provider takes card details {number, expMonth, expYear, cvc}',
      );
    }
    return { kind: 'card', card: input.card };
  }
  if (!input.token) {
    throw badRequest(
      `${tokenField} is required: card details never come through this service when a card provider is configured`,
    );
  }
  return { kind: 'token', token: input.token };
}

/** Saves a card for a customer; the first one (or one asked to be) becomes the default. */
async function addMethod(
  deps: PaymentDeps,
  customer: CustomerRow,
  card: NewCard,
  setDefault: boolean,
): Promise<MethodRow> {
  const saved = await withProvider(() =>
    deps.provider.attachPaymentMethod(customer.providerCustomerId, card),
  );
  const row = await deps.db.transaction(async (tx) => {
    // The customer row is the lock every change of its methods' default queues on.
    await tx.select().from(customers).where(eq(customers.id, customer.id)).for('update');
    const others = await liveMethods(tx, customer.id);
    const isDefault = setDefault || !others.some((m) => m.isDefault);
    if (isDefault) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(eq(paymentMethods.customerId, customer.id));
    }
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({
        id: randomUUID(),
        customerId: customer.id,
        provider: deps.provider.name,
        isDefault,
        createdAt: deps.clock.now(),
        ...saved,
      })
      .returning();
    if (!inserted) throw new Error('Inserting a payment method returned no row');
    return inserted;
  });
  if (row.isDefault) {
    await withProvider(() =>
      deps.provider.setDefaultPaymentMethod(
        customer.providerCustomerId,
        row.providerPaymentMethodId,
      ),
    );
  }
  return row;
}

async function requireMethod(deps: PaymentDeps, customer: CustomerRow, id: string) {
  const [row] = await deps.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.customerId, customer.id),
        isNull(paymentMethods.removedAt),
      ),
    );
  if (!row) throw notFound(`Payment method ${id} not found for user ${customer.userId}`);
  return row;
}

export { requireMethod };

export function customerHandlers(deps: PaymentDeps): CustomerHandlers {
  const { db, clock, provider } = deps;
  return {
    getCustomer: async ({ params }): Promise<PaymentCustomer> =>
      toCustomer(db, await requireCustomer(deps, params.userId)),

    listPaymentMethods: async ({ params }) => {
      const customer = await requireCustomer(deps, params.userId);
      return (await liveMethods(db, customer.id)).map(toPaymentMethod);
    },

    createPaymentMethod: async ({ body }) => {
      const card = newCard(
        deps,
        { card: body.card, token: body.paymentMethodId },
        'paymentMethodId',
      );
      const customer = await ensureCustomer(deps, body.userId);
      return toPaymentMethod(await addMethod(deps, customer, card, body.setDefault));
    },

    createSource: async ({ params, body }) => {
      const card = newCard(deps, { card: body.card, token: body.source }, 'source');
      const isOurs = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
        params.customerId,
      );
      const [customer] = await db
        .select()
        .from(customers)
        .where(
          isOurs
            ? eq(customers.id, params.customerId)
            : and(
                eq(customers.provider, provider.name),
                eq(customers.providerCustomerId, params.customerId),
              ),
        );
      if (!customer) throw notFound(`Payment customer ${params.customerId} not found`);
      return toPaymentMethod(await addMethod(deps, customer, card, body.setDefault));
    },

    setDefaultPaymentMethod: async ({ params }) => {
      const customer = await requireCustomer(deps, params.userId);
      const method = await requireMethod(deps, customer, params.paymentMethodId);
      await withProvider(() =>
        provider.setDefaultPaymentMethod(
          customer.providerCustomerId,
          method.providerPaymentMethodId,
        ),
      );
      const row = await db.transaction(async (tx) => {
        await tx.select().from(customers).where(eq(customers.id, customer.id)).for('update');
        await tx
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(eq(paymentMethods.customerId, customer.id));
        const [updated] = await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(and(eq(paymentMethods.id, method.id), isNull(paymentMethods.removedAt)))
          .returning();
        if (!updated)
          throw notFound(`Payment method ${method.id} not found for user ${params.userId}`);
        await tx
          .update(customers)
          .set({ updatedAt: clock.now() })
          .where(eq(customers.id, customer.id));
        return updated;
      });
      return toPaymentMethod(row);
    },

    deletePaymentMethod: async ({ params }) => {
      const customer = await requireCustomer(deps, params.userId);
      const method = await requireMethod(deps, customer, params.paymentMethodId);
      await withProvider(() => provider.detachPaymentMethod(method.providerPaymentMethodId));
      const promoted = await db.transaction(async (tx) => {
        await tx.select().from(customers).where(eq(customers.id, customer.id)).for('update');
        const [removed] = await tx
          .update(paymentMethods)
          .set({ removedAt: clock.now(), isDefault: false })
          .where(and(eq(paymentMethods.id, method.id), isNull(paymentMethods.removedAt)))
          .returning();
        if (!removed) return undefined;
        const rest = await liveMethods(tx, customer.id);
        // Removing the default card must not leave a customer with cards but none to charge.
        const next = rest.some((m) => m.isDefault) ? undefined : rest[0];
        if (next) {
          await tx
            .update(paymentMethods)
            .set({ isDefault: true })
            .where(eq(paymentMethods.id, next.id));
        }
        return next;
      });
      if (promoted) {
        await withProvider(() =>
          provider.setDefaultPaymentMethod(
            customer.providerCustomerId,
            promoted.providerPaymentMethodId,
          ),
        );
      }
    },
  };
}
