import { notFound } from '@pawfresh/kit';
import type { CardDetails, PaymentCustomer, PaymentMethod } from '@pawfresh/contracts/payment';
import {
  clearDefault,
  findCustomer,
  findCustomerAtProvider,
  findCustomerByUser,
  findLiveMethod,
  insertCustomer,
  insertMethods,
  liveMethods,
  lockCustomer,
  markDefault,
  removeMethod,
  toCustomer,
  toPaymentMethod,
  touchCustomer,
  type CustomerRow,
  type MethodRow,
} from '../db/customer-store.js';
import type { NewCard } from '../provider/payment-provider.js';
import {
  defaultAfterRemoval,
  isDefaultOnAdd,
  isOurCustomerId,
  newCard,
} from '../rules/payment-methods.js';
import type { PaymentContext } from './context.js';
import { withProvider } from './provider-errors.js';

export const noCustomer = (userId: string) =>
  notFound(`No payment customer for user ${userId}: save a payment method first`);

const noMethod = (id: string, userId: string) =>
  notFound(`Payment method ${id} not found for user ${userId}`);

export async function requireCustomer(ctx: PaymentContext, userId: string): Promise<CustomerRow> {
  const row = await findCustomerByUser(ctx.db, userId);
  if (!row) throw noCustomer(userId);
  return row;
}

export async function requireMethod(
  ctx: PaymentContext,
  customer: CustomerRow,
  id: string,
): Promise<MethodRow> {
  const row = await findLiveMethod(ctx.db, customer.id, id);
  if (!row) throw noMethod(id, customer.userId);
  return row;
}

export async function getCustomer(ctx: PaymentContext, userId: string): Promise<PaymentCustomer> {
  return toCustomer(ctx.db, await requireCustomer(ctx, userId));
}

export async function listPaymentMethods(
  ctx: PaymentContext,
  userId: string,
): Promise<PaymentMethod[]> {
  const customer = await requireCustomer(ctx, userId);
  return (await liveMethods(ctx.db, customer.id)).map(toPaymentMethod);
}

/** The user's payment customer, made at the provider and here on first use. */
async function ensureCustomer(ctx: PaymentContext, userId: string): Promise<CustomerRow> {
  const existing = await findCustomerByUser(ctx.db, userId);
  if (existing) return existing;
  // Keyed by user: two first requests at once get the same provider customer.
  const providerCustomerId = await withProvider(() =>
    ctx.provider.createCustomer({ userId, idempotencyKey: `pawfresh:customer:${userId}` }),
  );
  await insertCustomer(
    ctx.db,
    { userId, provider: ctx.provider.name, providerCustomerId },
    ctx.clock.now(),
    true,
  );
  const row = await findCustomerByUser(ctx.db, userId);
  if (!row) throw new Error(`Payment customer for ${userId} vanished`);
  return row;
}

/** Tells the provider which card is the customer's default, so its books agree with ours. */
const providerDefault = (
  ctx: PaymentContext,
  customer: CustomerRow,
  method: Pick<MethodRow, 'providerPaymentMethodId'>,
) =>
  withProvider(() =>
    ctx.provider.setDefaultPaymentMethod(
      customer.providerCustomerId,
      method.providerPaymentMethodId,
    ),
  );

/** Saves a card for a customer; the first one (or one asked to be) becomes the default. */
async function addMethod(
  ctx: PaymentContext,
  customer: CustomerRow,
  card: NewCard,
  setDefault: boolean,
): Promise<PaymentMethod> {
  const saved = await withProvider(() =>
    ctx.provider.attachPaymentMethod(customer.providerCustomerId, card),
  );
  const row = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, { id: customer.id });
    const isDefault = isDefaultOnAdd(setDefault, await liveMethods(tx, customer.id));
    if (isDefault) await clearDefault(tx, customer.id);
    const [inserted] = await insertMethods(tx, [
      {
        customerId: customer.id,
        provider: ctx.provider.name,
        isDefault,
        createdAt: ctx.clock.now(),
        ...saved,
      },
    ]);
    if (!inserted) throw new Error('Inserting a payment method returned no row');
    return inserted;
  });
  if (row.isDefault) {
    await providerDefault(ctx, customer, row);
  }
  return toPaymentMethod(row);
}

/** A card for a user (their payment customer made on the first one). */
export async function savePaymentMethod(
  ctx: PaymentContext,
  input: {
    userId: string;
    card?: CardDetails | undefined;
    paymentMethodId?: string | undefined;
    setDefault: boolean;
  },
): Promise<PaymentMethod> {
  const card = newCard(
    ctx.provider.name,
    { card: input.card, token: input.paymentMethodId },
    'paymentMethodId',
  );
  const customer = await ensureCustomer(ctx, input.userId);
  return addMethod(ctx, customer, card, input.setDefault);
}

/** A card for a payment customer named by our id or the provider's. */
export async function addSource(
  ctx: PaymentContext,
  customerId: string,
  input: { card?: CardDetails | undefined; source?: string | undefined; setDefault: boolean },
): Promise<PaymentMethod> {
  const card = newCard(ctx.provider.name, { card: input.card, token: input.source }, 'source');
  const customer = isOurCustomerId(customerId)
    ? await findCustomer(ctx.db, customerId)
    : await findCustomerAtProvider(ctx.db, ctx.provider.name, customerId);
  if (!customer) throw notFound(`Payment customer ${customerId} not found`);
  return addMethod(ctx, customer, card, input.setDefault);
}

export async function setDefaultPaymentMethod(
  ctx: PaymentContext,
  userId: string,
  paymentMethodId: string,
): Promise<PaymentMethod> {
  const customer = await requireCustomer(ctx, userId);
  const method = await requireMethod(ctx, customer, paymentMethodId);
  await providerDefault(ctx, customer, method);
  const row = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, { id: customer.id });
    await clearDefault(tx, customer.id);
    const updated = await markDefault(tx, method.id);
    if (!updated) throw noMethod(method.id, userId);
    await touchCustomer(tx, customer.id, ctx.clock.now());
    return updated;
  });
  return toPaymentMethod(row);
}

/** Removes a card; when it was the default, the newest other one takes over. */
export async function deletePaymentMethod(
  ctx: PaymentContext,
  userId: string,
  paymentMethodId: string,
): Promise<void> {
  const customer = await requireCustomer(ctx, userId);
  const method = await requireMethod(ctx, customer, paymentMethodId);
  await withProvider(() => ctx.provider.detachPaymentMethod(method.providerPaymentMethodId));
  const promoted = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, { id: customer.id });
    if (!(await removeMethod(tx, method.id, ctx.clock.now()))) return undefined;
    const next = defaultAfterRemoval(await liveMethods(tx, customer.id));
    if (next) await markDefault(tx, next.id);
    return next;
  });
  if (promoted) {
    await providerDefault(ctx, customer, promoted);
  }
}
