import { slotOffered } from '@pawfresh/contracts/courier';
import {
  badRequest,
  conflict,
  HttpError,
  isRefused,
  notFound,
  orNotFound,
  refusalOf,
  refuseIfAny,
  upstream,
} from '@pawfresh/kit';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import type { CheckoutInput, CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { Order } from '@pawfresh/contracts/order';
import {
  amountProblems,
  CHECKOUT_ACTOR,
  checkoutOrder,
  CHECKOUT_CADENCE_IN_WEEKS,
  checkoutOrderSchedule,
  emptyCartProblems,
  orderLineItems,
  productsToType,
  startsSubscription,
  subscriptionOfCart,
} from '../../rules/checkout.js';
import {
  checkoutUsageType,
  orderPriceRequest,
  promotionOrderDiscount,
  skusOf,
  uuidFrom,
} from '../../rules/promotion.js';
import type { WorkflowContext } from '../context.js';
import { retried, saga } from '../../engine/saga.js';

export type CheckoutRequest = Omit<CheckoutInput, 'workflowId'>;

/**
 * The card's money is not back yet: a 503, so the undo step is tried again (undo-calls.ts), and
 * the run ends in this error, for staff and reconciliation, only when it never comes back.
 */
const stillHeld = (why: string) =>
  new HttpError(503, `The payment is not given back yet: ${why}`, { type: 'upstream' });
type Cart = Omit<InflatedCart, 'workflowId'>;

/** The address as identity keeps it: without the person's name and contact. */
const homeOf = ({
  firstName: _f,
  lastName: _l,
  email: _e,
  phoneNumber: _p,
  ...home
}: CheckoutRequest['userAddress']) => home;

/**
 * checkout: a cart and its payment intent become a customer, their address, a subscription with
 * its feeding plans, and the orders of the next 12 weeks; the cart is emptied. Reads and checks
 * come first (the intent's amount among them), so a refusal moves no money; the card is then
 * confirmed (a manual intent only held), everything is made, and the hold captured last. A saga
 * (engine/saga.ts): each step's undo beside it, run newest first when a later step fails — the
 * orders and subscription removed, the account deleted, the card released or refunded, the
 * promotion's use revoked. docs/workflows.md has the steps.
 */
export const checkout =
  (
    { services, step, workflowId }: WorkflowContext,
    inflate: (input: { cartId: string }) => Promise<Cart>,
  ) =>
  async (input: CheckoutRequest): Promise<Omit<CheckoutResult, 'workflowId'>> => {
    const id = workflowId();
    const key = (what: string) => ({ 'idempotency-key': `checkout:${id}:${what}` });
    const { cartId, paymentIntentId, userAddress: address } = input;
    const slot = input.expectedDeliverySlotId;

    // Reads and checks, in one checkpoint: nothing is made until the payment is taken, and reads
    // need no checkpoint of their own (run again, they answer alike). The cart is inflated by
    // get-inflated-cart's flow run inside this step, not as a child workflow of its own.
    const { cart, paymentMethodId, productTypes } = await step('read-and-check', async () => {
      const inflated = await inflate({ cartId });
      refuseIfAny(emptyCartProblems(cartId, inflated));
      const { userId } = inflated;

      const delivery = await upstream('Checking the delivery address', async () => {
        const where = { postcode: address.postCode, suburb: address.suburb };
        const { serviceable } = await services.courier.checkServiceability({ body: where });
        if (!serviceable) return { serviceable, availability: 0 };
        const days = await services.courier.getDeliverySchedules({
          query: { ...where, fromDate: input.deliveryDate, toDate: input.deliveryDate },
        });
        const day = days.find((d) => d.deliveryDate === input.deliveryDate);
        return { serviceable, availability: day?.slotAvailability ?? 0 };
      });
      if (!delivery.serviceable) {
        throw badRequest(
          `We do not deliver to ${address.suburb} ${address.postCode} yet: choose another address`,
        );
      }
      if (!slotOffered(delivery.availability, slot)) {
        throw badRequest(
          `The ${slot} delivery is not offered on ${input.deliveryDate} in ${address.suburb}: choose another delivery date or slot`,
        );
      }

      const customer = await upstream('Checking the customer', async () => {
        const existing = await services.identity
          .getUser({ params: { userId } })
          .then(() => true)
          .catch((err: unknown) => (isRefused(err, 404) ? false : Promise.reject(err)));
        const { isTaken } = await services.identity.checkEmail({ query: { email: address.email } });
        const methods = await services.payment
          .listPaymentMethods({ params: { userId } })
          .catch((err: unknown) => (isRefused(err, 404) ? [] : Promise.reject(err)));
        const card = methods.find((m) => m.default) ?? methods[0];
        return { existing, emailTaken: isTaken, paymentMethodId: card?.id ?? null };
      });
      if (customer.existing) {
        throw conflict(`Customer ${userId} already has an account: sign in to order`);
      }
      if (customer.emailTaken) {
        throw conflict(`An account with ${address.email} already exists: sign in to order`);
      }
      if (!customer.paymentMethodId) {
        throw badRequest(`Customer ${userId} has no saved card: add a payment method first`);
      }

      // The intent must be for the cart's total before any money moves: a wrong amount is refused
      // here, with nothing held or charged (the provider is asked: its amount is what counts).
      const intent = await upstream('Checking the payment', () =>
        orNotFound(
          services.payment.getPaymentIntent({ params: { intentId: paymentIntentId } }),
          `Payment intent ${paymentIntentId} not found`,
        ),
      );
      refuseIfAny(amountProblems(intent.amount, inflated));

      // The catalogue's types of the subscription's products only: the checkpoint keeps them.
      const typed = new Set(productsToType(inflated));
      const types =
        typed.size > 0
          ? await upstream('Reading the catalogue', async () => {
              const products = await services.product.listProducts({ query: {} });
              return Object.fromEntries(
                products.filter((p) => typed.has(p.id)).map((p) => [p.id, p.type as string]),
              );
            })
          : {};
      return { cart: inflated, paymentMethodId: customer.paymentMethodId, productTypes: types };
    });
    const userId = cart.userId;
    const subscribing = startsSubscription(cart);
    const promotion = cart.promotion;
    const ignore404 = (err: unknown) => (isRefused(err, 404) ? undefined : Promise.reject(err));

    return saga(step, 'the checkout', async (s) => {
      // The promotion code: used (attributed to the new customer) before the card is charged, so
      // a code used up meanwhile refuses the checkout with nothing charged.
      if (promotion) {
        await s.step(
          'attribute-promotion',
          () =>
            upstream('Using the promotion code', async () => {
              try {
                const { promotionUserId } = await services.pricing.createAttribution({
                  body: {
                    // The same id on a retry: pricing answers the use it recorded, never a second.
                    id: uuidFrom(`checkout:${id}:attribution`),
                    userId,
                    promotionId: promotion.promotionId,
                    type: checkoutUsageType(promotion.type),
                    context: 'checkout',
                  },
                });
                return promotionUserId;
              } catch (err) {
                if (isRefused(err, 409) || isRefused(err, 404) || isRefused(err, 400)) {
                  throw conflict(
                    `${refusalOf(err)?.message ?? `Promotion code ${promotion.code} cannot be used`}: nothing was charged; take the code off cart ${cartId} (DELETE /carts/${cartId}/promotion-code) or enter another`,
                  );
                }
                throw err;
              }
            }),
          {
            name: 'undo-attribution',
            run: (promotionUserId) =>
              services.pricing
                .revokeAttribution({
                  params: { promotionUserId },
                  body: { revokedBy: CHECKOUT_ACTOR },
                })
                .catch(ignore404),
          },
        );
      }

      // The payment: the gate. Another checkout of the same intent is refused here (409), and a
      // manual intent is only authorised: it is captured last, once everything is made, so a
      // failure on the way releases the hold instead of refunding. Declined or refused, nothing
      // was taken; not answered, the card may be held or charged, so it is released too.
      const confirmed = await s.step(
        'confirm-payment',
        () =>
          upstream('Taking the payment', async () => {
            try {
              const { status, paymentId, amountReceived } =
                await services.payment.confirmPaymentIntent({
                  params: { intentId: paymentIntentId },
                  body: { paymentMethod: paymentMethodId },
                  headers: key('confirm'),
                });
              return { status, paymentId, amountReceived };
            } catch (err) {
              if (isRefused(err, 422)) {
                throw new HttpError(
                  422,
                  `The payment was not taken: ${refusalOf(err)?.message ?? 'the card was declined'}`,
                  { type: 'payment_declined' },
                );
              }
              if (isRefused(err, 404)) {
                throw notFound(`Payment intent ${paymentIntentId} not found`);
              }
              // 409: another confirm holds it; 400: the provider refuses it in its state (used).
              if (isRefused(err, 409) || isRefused(err, 400)) {
                throw conflict(
                  `Payment intent ${paymentIntentId} cannot be used: ${refusalOf(err)?.message ?? 'it is already in use'}`,
                );
              }
              throw err;
            }
          }),
        { name: 'release-payment', run: () => releasePayment() },
        { undoOnFailure: 'unanswered' },
      );
      if (confirmed.status !== 'succeeded' && confirmed.status !== 'requires_capture') {
        throw new HttpError(
          502,
          `The payment is ${confirmed.status} at the card provider: try again in a minute`,
          { type: 'upstream' },
        );
      }

      await s.step(
        'create-customer',
        () =>
          upstream('Creating the account', async () => {
            try {
              await services.identity.createUser({
                body: {
                  id: userId,
                  email: address.email,
                  password: input.userPassword,
                  firstName: address.firstName,
                  lastName: address.lastName,
                  phoneNumber: address.phoneNumber ?? null,
                  role: 'customer',
                },
              });
            } catch (err) {
              if (!isRefused(err, 409)) throw err;
              // Made by this step before a crash: the account with this id and e-mail is there.
              const mine = await orNotFound(services.identity.getUser({ params: { userId } }));
              if (mine?.email !== address.email.toLowerCase()) {
                // Made meanwhile by someone else (a second sign-up with the e-mail).
                throw conflict(`An account with ${address.email} already exists: sign in to order`);
              }
            }
            return true;
          }),
        {
          name: 'undo-customer',
          run: () => services.identity.deleteUser({ params: { userId } }).catch(ignore404),
        },
      );

      // No undo of its own: the address goes with the account.
      await s.step('save-address', () =>
        upstream('Saving the address', () =>
          services.identity.putDefaultAddress({ params: { userId }, body: homeOf(address) }),
        ),
      );

      const subscription = subscribing
        ? await s.step(
            'create-subscription',
            () =>
              upstream('Starting the subscription', async () => {
                try {
                  return await services.subscription.createSubscription({
                    body: subscriptionOfCart(cart, slot, productTypes),
                  });
                } catch (err) {
                  if (isRefused(err, 400)) {
                    throw badRequest(
                      `The subscription cannot be made: ${refusalOf(err)?.message ?? 'refused'}`,
                    );
                  }
                  // Made by this step before a crash: the customer is new, so it is this checkout's.
                  if (!isRefused(err, 409)) throw err;
                  const {
                    data: [existing],
                  } = await services.subscription.listSubscriptions({ query: { userId } });
                  if (!existing) throw err;
                  return existing;
                }
              }),
            { name: 'undo-subscription', run: (made) => removeSubscription(made.id) },
          )
        : undefined;

      const schedule = checkoutOrderSchedule(input.deliveryDate, subscribing);
      // One step for all the orders: they are listed once, and only the indexes missing are made
      // (a step re-run after a crash finds those it made). Under the promotion, each order is
      // priced at its place in the discount's schedule first, in the same step (a read: a re-run
      // prices them alike). Undone even when it fails part way: the orders made are removed.
      const orders = await s.step(
        'create-orders',
        () =>
          upstream('Creating the orders', async () => {
            const prices = promotion
              ? await upstream('Pricing the orders', async () => {
                  const skus = skusOf(cart);
                  const { results } = await services.pricing.getPrices({
                    body: {
                      requests: schedule.map((at) =>
                        orderPriceRequest(
                          orderLineItems(cart, subscription, at.index),
                          skus,
                          at.index,
                          CHECKOUT_CADENCE_IN_WEEKS,
                          { discountId: promotion.discountId },
                        ),
                      ),
                    },
                  });
                  return results;
                })
              : undefined;
            const mine = await ordersMade(subscription?.id);
            const bodies = schedule.flatMap((at, n) => {
              const made = mine.find((o) =>
                subscription ? o.subscriptionOrderIndex === at.index : true,
              );
              if (made) return [];
              const promoted =
                promotion && prices
                  ? {
                      priced: prices[n]!,
                      discount: promotionOrderDiscount(
                        promotion,
                        at.index,
                        subscription?.discounts[0]?.id ?? null,
                      ),
                    }
                  : undefined;
              return [checkoutOrder(cart, subscription, at, slot, address, promoted)];
            });
            const refused = (err: unknown) => {
              if (isRefused(err, 400) || isRefused(err, 409)) {
                return badRequest(
                  `The orders cannot be made: ${[refusalOf(err)?.message ?? 'refused'].flat().join('; ')}`,
                );
              }
              return err;
            };
            if (bodies.length > 0) {
              // A subscription's orders in one call (one transaction, one check of the
              // subscription); a one-off checkout's single order on its own.
              await (
                subscription
                  ? services.order.createSubscriptionOrders({ body: { orders: bodies } })
                  : services.order.createOrder({ body: bodies[0]! })
              ).catch((err: unknown) => {
                throw refused(err);
              });
            }
            const now = bodies.length > 0 ? await ordersMade(subscription?.id) : mine;
            const made = schedule.flatMap((at) =>
              now.filter((o) => (subscription ? o.subscriptionOrderIndex === at.index : true)),
            );
            if (made.length < schedule.length) {
              throw badRequest(
                'The orders cannot be made: the first delivery is past its cut-off; choose a later date',
              );
            }
            return made;
          }),
        { name: 'undo-orders', run: () => removeOrders(subscription?.id) },
        { undoOnFailure: 'any' },
      );

      if (subscription) {
        const subscriptionId = subscription.id;
        // Only its id is used from here on: the checkpoint keeps `true`, not the subscription.
        // Undone with the subscription (an active one is cancelled, then removed).
        await s.step('activate-subscription', () =>
          upstream('Starting the subscription', async () => {
            const now = await services.subscription.getSubscription({
              params: { id: subscriptionId },
              query: {},
            });
            if (now.status !== 'active') {
              await services.subscription.updateSubscription({
                params: { id: subscriptionId },
                body: { version: now.version, status: 'active', updatedBy: CHECKOUT_ACTOR },
              });
            }
            return true;
          }),
        );
      }

      // Everything is made: a held card is captured now (undone by release-payment, above).
      const paid =
        confirmed.status === 'requires_capture'
          ? await s.step('capture-payment', () =>
              upstream('Taking the payment', async () => {
                const { paymentId, amountReceived } = await services.payment.capturePaymentIntent({
                  params: { intentId: paymentIntentId },
                  body: { createdBy: CHECKOUT_ACTOR },
                  headers: key('capture'),
                });
                return { paymentId, amount: amountReceived };
              }),
            )
          : { paymentId: confirmed.paymentId, amount: confirmed.amountReceived };

      // The first order paid, then the subscription read back for the answer (a read, so no
      // checkpoint of its own).
      const first = orders[0]!;
      const { paidOrder, now } = await s.step('mark-first-order-paid', async () => {
        const order = await upstream('Marking the first order paid', async () => {
          let o = await services.order.getOrder({ params: { orderId: first.id } });
          for (const paymentStatus of ['processing', 'processed'] as const) {
            if (o.paymentStatus === 'processed') break;
            o = await services.order.changePaymentStatus({
              params: { orderId: first.id },
              body: { paymentStatus, version: o.version, updatedBy: CHECKOUT_ACTOR },
            });
          }
          return o;
        });
        const read = subscription
          ? await upstream('Reading the subscription', () =>
              services.subscription.getSubscription({
                params: { id: subscription.id },
                query: {},
              }),
            )
          : undefined;
        return { paidOrder: order, now: read };
      });

      // Last, once the customer has all they paid for: the cart is emptied (tried again while the
      // cart service is down, so a passing outage does not undo a paid checkout).
      await s.step('empty-cart', () =>
        retried(() =>
          upstream('Emptying the cart', async () => {
            await services.cart.deleteCart({ params: { cartId } }).catch(ignore404);
            return true;
          }),
        ),
      );

      return {
        cartId,
        userId,
        paymentId: paid.paymentId,
        amountCharged: paid.amount,
        subscriptions: now ? [now] : [],
        orders: [paidOrder, ...orders.slice(1)],
      };
    });

    /** The orders this checkout made so far: the subscription's, or the new customer's. */
    async function ordersMade(subscriptionId: string | undefined): Promise<Order[]> {
      const page = await services.order.listOrders({
        query: subscriptionId ? { subscriptionId, limit: 100 } : { userId, limit: 100 },
      });
      return page.data;
    }

    /** Undo of create-orders: every order it made, found afresh (it may have failed part way). */
    async function removeOrders(subscriptionId: string | undefined): Promise<void> {
      if (subscriptionId) {
        await services.order.deletePendingOrders({ query: { subscriptionId, status: 'pending' } });
        return;
      }
      for (const order of await ordersMade(undefined)) {
        await services.order.deleteOrder({ params: { orderId: order.id } }).catch(ignore404);
      }
    }

    /** Undo of create-subscription: removed (an already active one is cancelled first). */
    async function removeSubscription(subscriptionId: string): Promise<void> {
      const remove = () =>
        services.subscription.removeSubscription({
          params: { id: subscriptionId },
          body: { updatedBy: CHECKOUT_ACTOR },
        });
      try {
        await remove();
      } catch (err) {
        if (isRefused(err, 404)) return;
        if (!isRefused(err, 409)) throw err;
        await services.subscription.cancelSubscription({
          params: { id: subscriptionId },
          body: { cancelledBy: CHECKOUT_ACTOR, cancelledByAdmin: true },
        });
        await remove();
      }
    }

    /**
     * Undo of confirm-payment: the card given back as the provider has it now. A hold (never
     * captured) is released (the intent cancelled); money taken (captured automatically, or a
     * capture whose answer was lost) is refunded. Done only when the payment service says so of
     * the provider: else a 503, tried again, and the run ends saying what is still held.
     */
    async function releasePayment(): Promise<void> {
      try {
        const cancelled = await services.payment.cancelPaymentIntent({
          params: { intentId: paymentIntentId },
          body: { cancellationReason: 'abandoned', createdBy: CHECKOUT_ACTOR },
          headers: key('cancel'),
        });
        if (cancelled.status !== 'canceled') {
          throw stillHeld(`the card provider has it ${cancelled.status}`);
        }
      } catch (err) {
        if (!isRefused(err, 409)) throw err;
        // Captured (the payment service asked the provider first): the money is given back.
        const intent = await services.payment.getPaymentIntent({
          params: { intentId: paymentIntentId },
        });
        if (intent.paymentStatus !== 'processed') {
          throw stillHeld(refusalOf(err)?.message ?? `its payment is ${intent.paymentStatus}`);
        }
        await refundCaptured(intent.paymentId);
      }
    }

    /**
     * Refunds all that was captured, and counts it done only when the payment service says the
     * refund succeeded at the provider. The same key and amount every time: a re-run after a crash
     * resumes the refund it started (pending, its amount reserved) instead of asking for another.
     */
    async function refundCaptured(paymentId: string): Promise<void> {
      const payment = await services.payment.getPayment({ params: { paymentId } });
      if (payment.amountCaptured === 0) return;
      const refund = await services.payment.createRefund({
        params: { paymentId },
        body: {
          amount: payment.amountCaptured,
          description: `Checkout of cart ${cartId} did not complete: the payment is given back`,
          createdBy: CHECKOUT_ACTOR,
        },
        headers: key('refund'),
      });
      if (refund.status !== 'succeeded') {
        throw stillHeld(`the refund ${refund.id} is ${refund.status}`);
      }
    }
  };
