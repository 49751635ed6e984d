import {
  badRequest,
  conflict,
  HttpError,
  isCallStatus,
  notFound,
  refuseIfAny,
  upstream,
} from '@pawfresh/kit';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import type { CheckoutInput, CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { Order } from '@pawfresh/contracts/order';
import type { PaymentIntent } from '@pawfresh/contracts/payment';
import type { Subscription } from '@pawfresh/contracts/subscription';
import {
  amountProblems,
  CHECKOUT_ACTOR,
  checkoutOrder,
  CHECKOUT_CADENCE_IN_WEEKS,
  checkoutOrderSchedule,
  emptyCartProblems,
  orderLineItems,
  productsToType,
  slotOffered,
  startsSubscription,
  subscriptionOfCart,
} from '../rules/checkout.js';
import {
  checkoutUsageType,
  orderPriceRequest,
  promotionOrderDiscount,
  skusOf,
  uuidFrom,
} from '../rules/promotion.js';
import type { WorkflowContext } from './context.js';
import { retried, said } from './undo-calls.js';

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
 * checkout: a cart and its paid payment intent become a customer, their address, a subscription
 * with its feeding plans, and the orders of the next 12 weeks; the cart is emptied. The reads and
 * checks come first and the payment is confirmed before anything is made, so a declined card
 * leaves nothing behind; any failure after the payment runs the compensations (orders deleted,
 * subscription and customer removed, the payment refunded). docs/workflows.md has the steps.
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
          .catch((err: unknown) => (isCallStatus(err, 404) ? false : Promise.reject(err)));
        const { isTaken } = await services.identity.checkEmail({ query: { email: address.email } });
        const methods = await services.payment
          .listPaymentMethods({ params: { userId } })
          .catch((err: unknown) => (isCallStatus(err, 404) ? [] : Promise.reject(err)));
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

    const made: {
      /** The promotion's use, recorded before the payment so maxUses is never overshot. */
      attribution?: string;
      /** Authorised and not captured: released (cancel-intent) if the checkout fails. */
      authorised?: boolean;
      paid?: { paymentId: string; amount: number };
      customer?: boolean;
      subscription?: Subscription;
      orders: Order[];
    } = { orders: [] };

    // The promotion code: used (attributed to the new customer) before the card is charged, so
    // a code used up meanwhile refuses the checkout with nothing charged; undone if it fails.
    const promotion = cart.promotion;
    if (promotion) {
      made.attribution = await step('attribute-promotion', () =>
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
            if (isCallStatus(err, 409) || isCallStatus(err, 404) || isCallStatus(err, 400)) {
              throw conflict(
                `${said(err, `Promotion code ${promotion.code} cannot be used`)}: nothing was charged; take the code off cart ${cartId} (DELETE /carts/${cartId}/promotion-code) or enter another`,
              );
            }
            throw err;
          }
        }),
      );
    }

    // The payment: the gate. Another checkout of the same intent is refused here (409).
    // The checkpoints keep only what the later steps read of the intent.
    let confirmed: Pick<PaymentIntent, 'status' | 'paymentId' | 'amount' | 'amountReceived'>;
    try {
      confirmed = await step('confirm-payment', () =>
        upstream('Taking the payment', async () => {
          try {
            const { status, paymentId, amount, amountReceived } =
              await services.payment.confirmPaymentIntent({
                params: { intentId: paymentIntentId },
                body: { paymentMethod: paymentMethodId },
                headers: key('confirm'),
              });
            return { status, paymentId, amount, amountReceived };
          } catch (err) {
            if (isCallStatus(err, 422)) {
              throw new HttpError(
                422,
                `The payment was not taken: ${said(err, 'the card was declined')}`,
                {
                  type: 'payment_declined',
                },
              );
            }
            if (isCallStatus(err, 404)) {
              throw notFound(`Payment intent ${paymentIntentId} not found`);
            }
            // 409: another confirm holds it; 400: the provider refuses it in its state (used).
            if (isCallStatus(err, 409) || isCallStatus(err, 400)) {
              throw conflict(
                `Payment intent ${paymentIntentId} cannot be used: ${said(err, 'it is already in use')}`,
              );
            }
            throw err;
          }
        }),
      );
    } catch (err) {
      // Declined or refused: nothing was charged, only the promotion's use is taken back. Not
      // answered: the card may be authorised, so the intent is cancelled too (a captured one is
      // refunded), and the provider's answer is what counts.
      if (!(err instanceof HttpError && err.statusCode < 500)) made.authorised = true;
      await compensate();
      throw err;
    }

    try {
      if (confirmed.status === 'succeeded') {
        made.paid = { paymentId: confirmed.paymentId, amount: confirmed.amountReceived };
      }
      made.authorised = confirmed.status === 'requires_capture';
      refuseIfAny(amountProblems(confirmed.amount, cart));
      if (confirmed.status === 'requires_capture') {
        const captured = await step('capture-payment', () =>
          upstream('Taking the payment', async () => {
            const { paymentId, amountReceived } = await services.payment.capturePaymentIntent({
              params: { intentId: paymentIntentId },
              body: { createdBy: CHECKOUT_ACTOR },
              headers: key('capture'),
            });
            return { paymentId, amountReceived };
          }),
        );
        made.paid = { paymentId: captured.paymentId, amount: captured.amountReceived };
        made.authorised = false;
      }
      if (!made.paid) {
        throw new HttpError(
          502,
          `The payment is ${confirmed.status} at the card provider: try again in a minute`,
          {
            type: 'upstream',
          },
        );
      }

      made.customer = await step('create-customer', () =>
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
            // This step ran before the crash: the account it made is there (read-customer found none).
            if (!isCallStatus(err, 409)) throw err;
            const user = await services.identity.getUser({ params: { userId } });
            if (user.email !== address.email) throw conflict(said(err, 'The account exists'));
          }
          return true;
        }),
      );

      await step('save-address', () =>
        upstream('Saving the address', () =>
          services.identity.putDefaultAddress({ params: { userId }, body: homeOf(address) }),
        ),
      );

      if (subscribing) {
        made.subscription = await step('create-subscription', () =>
          upstream('Starting the subscription', async () => {
            try {
              return await services.subscription.createSubscription({
                body: subscriptionOfCart(cart, slot, productTypes),
              });
            } catch (err) {
              if (isCallStatus(err, 400)) {
                throw badRequest(`The subscription cannot be made: ${said(err, 'refused')}`);
              }
              // Made by this step before a crash: the customer is new, so it is this checkout's.
              if (!isCallStatus(err, 409)) throw err;
              const [existing] = await services.subscription.listSubscriptions({
                query: { userId },
              });
              if (!existing) throw err;
              return existing;
            }
          }),
        );
      }

      const schedule = checkoutOrderSchedule(input.deliveryDate, subscribing);
      // One step for all the orders: they are listed once, and only the indexes missing are made
      // (a step re-run after a crash finds those it made). One checkpoint instead of one each.
      // Under the promotion, each order is priced at its place in the discount's schedule first,
      // in the same step (a read: a re-run prices them alike, by the discount, not the code).
      made.orders = await step('create-orders', () =>
        upstream('Creating the orders', async () => {
          const prices = promotion
            ? await upstream('Pricing the orders', async () => {
                const skus = skusOf(cart);
                const { results } = await services.pricing.getPrices({
                  body: {
                    requests: schedule.map((at) =>
                      orderPriceRequest(
                        orderLineItems(cart, made.subscription, at.index),
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
          const mine = await services.order.listOrders({
            query: made.subscription
              ? { subscriptionId: made.subscription.id, limit: 100 }
              : { userId, limit: 100 },
          });
          const orders: Order[] = [];
          for (const [n, at] of schedule.entries()) {
            const existing = mine.items.find((o) =>
              made.subscription ? o.subscriptionOrderIndex === at.index : true,
            );
            if (existing) {
              orders.push(existing);
              continue;
            }
            const promoted =
              promotion && prices
                ? {
                    priced: prices[n]!,
                    discount: promotionOrderDiscount(
                      promotion,
                      at.index,
                      made.subscription?.discounts[0]?.id ?? null,
                    ),
                  }
                : undefined;
            const body = checkoutOrder(cart, made.subscription, at, slot, address, promoted);
            try {
              orders.push(await services.order.createOrder({ body }));
            } catch (err) {
              if (isCallStatus(err, 400) || isCallStatus(err, 409)) {
                throw badRequest(
                  `The order for ${at.deliveryDate} cannot be made: ${said(err, 'refused')}`,
                );
              }
              throw err;
            }
          }
          return orders;
        }),
      );

      await step('empty-cart', () =>
        upstream('Emptying the cart', async () => {
          await services.cart
            .deleteCart({ params: { cartId } })
            .catch((err: unknown) => (isCallStatus(err, 404) ? undefined : Promise.reject(err)));
          return true;
        }),
      );

      if (made.subscription) {
        const { id: subscriptionId } = made.subscription;
        // Only its id is used from here on: the checkpoint keeps `true`, not the subscription.
        await step('activate-subscription', () =>
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

      // The last step: the first order paid, then the subscription read back for the answer (a
      // read, so no checkpoint of its own).
      const first = made.orders[0]!;
      const sub = made.subscription;
      const { paidOrder, subscription } = await step('mark-first-order-paid', async () => {
        const paid = await upstream('Marking the first order paid', async () => {
          let order = await services.order.getOrder({ params: { orderId: first.id } });
          for (const paymentStatus of ['processing', 'processed'] as const) {
            if (order.paymentStatus === 'processed') break;
            order = await services.order.changePaymentStatus({
              params: { orderId: first.id },
              body: { paymentStatus, version: order.version, updatedBy: CHECKOUT_ACTOR },
            });
          }
          return order;
        });
        const now = sub
          ? await upstream('Reading the subscription', () =>
              services.subscription.getSubscription({ params: { id: sub.id }, query: {} }),
            )
          : undefined;
        return { paidOrder: paid, subscription: now };
      });
      made.orders[0] = paidOrder;
      return {
        cartId,
        userId,
        paymentId: made.paid.paymentId,
        amountCharged: made.paid.amount,
        subscriptions: subscription ? [subscription] : [],
        orders: made.orders,
      };
    } catch (err) {
      await compensate();
      throw err;
    }

    /**
     * Refunds all that was captured, and counts it done only when the payment service says the
     * refund succeeded at the provider. The same key and amount every time: a re-run after a crash
     * resumes the refund it started (pending, its amount reserved) instead of asking for another.
     */
    async function giveBack(paymentId: string): Promise<void> {
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

    /** Undoes what this run made, newest first; each undo is a step of its own, retried. */
    async function compensate(): Promise<void> {
      const undo = (name: string, run: () => Promise<unknown>) =>
        step(name, () =>
          retried(() => upstream('Undoing the checkout', () => run().then(() => true))),
        );
      const ignore404 = (err: unknown) =>
        isCallStatus(err, 404) ? undefined : Promise.reject(err);
      if (made.subscription) {
        const subscriptionId = made.subscription.id;
        await undo('undo-orders', () =>
          services.order.deletePendingOrders({ query: { subscriptionId, status: 'pending' } }),
        );
        await undo('undo-subscription', async () => {
          const remove = () =>
            services.subscription.removeSubscription({
              params: { id: subscriptionId },
              body: { updatedBy: CHECKOUT_ACTOR },
            });
          try {
            await remove();
          } catch (err) {
            if (isCallStatus(err, 404)) return;
            if (!isCallStatus(err, 409)) throw err;
            // Activated already (a failure in the last step): cancelled first, then removed.
            await services.subscription.cancelSubscription({
              params: { id: subscriptionId },
              body: { cancelledBy: CHECKOUT_ACTOR, cancelledByAdmin: true },
            });
            await remove();
          }
        });
      } else if (made.orders.length > 0) {
        await undo('undo-orders', async () => {
          for (const order of made.orders) {
            await services.order.deleteOrder({ params: { orderId: order.id } }).catch(ignore404);
          }
        });
      }
      if (made.customer) {
        await undo('undo-customer', () =>
          services.identity.deleteUser({ params: { userId } }).catch(ignore404),
        );
      }
      if (made.authorised && !made.paid) {
        // Never captured: the hold on the card is released now rather than left to lapse.
        await undo('cancel-payment-intent', async () => {
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
            if (!isCallStatus(err, 409)) throw err;
            // Captured after all (its answer was lost; the payment service asked the provider):
            // the money is given back instead.
            const intent = await services.payment.getPaymentIntent({
              params: { intentId: paymentIntentId },
            });
            if (intent.paymentStatus !== 'processed') {
              throw stillHeld(said(err, `its payment is ${intent.paymentStatus}`));
            }
            await giveBack(intent.paymentId);
          }
        });
      }
      if (made.paid) {
        const { paymentId } = made.paid;
        await undo('refund-payment', () => giveBack(paymentId));
      }
      if (made.attribution) {
        const promotionUserId = made.attribution;
        await undo('undo-attribution', () =>
          services.pricing
            .revokeAttribution({
              params: { promotionUserId },
              body: { revokedBy: CHECKOUT_ACTOR },
            })
            .catch(ignore404),
        );
      }
    }
  };
