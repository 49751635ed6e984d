import { orNotFound, passRefusals } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { PaymentMethod } from '@pawfresh/contracts/payment';
import type { StaffCustomerOverview } from '@pawfresh/contracts/staff';
import { upcomingOf } from '../rules/upcoming-boxes.js';
import type { StaffContext } from './context.js';
import { findCustomer } from './customers.js';

/** How many boxes to come the 360 shows: the next few a customer asks about. */
export const UPCOMING_BOXES = 6;

const masked = (m: PaymentMethod) => ({
  id: m.id,
  brand: m.brand,
  last4Digits: m.last4Digits,
  expiryMonth: m.expiryMonth,
  expiryYear: m.expiryYear,
  default: m.default,
});

/**
 * The customer 360 in one answer: the customer (404 when not one), then every service asked at
 * once for what is theirs. A customer with no payment account yet has no cards (404 from payment
 * is an empty list), with no default address a null one.
 */
export async function customerOverview(
  ctx: StaffContext,
  customerId: string,
): Promise<StaffCustomerOverview> {
  const customer = await findCustomer(ctx, customerId);
  const [address, dogs, subscriptions, orders, cards, products] = await Promise.all([
    orNotFound(ctx.identity.getDefaultAddress({ params: { userId: customerId } })),
    passRefusals('Reading the dogs', () => ctx.dogs.listDogs({ query: { userId: customerId } })),
    passRefusals('Reading the subscriptions', () =>
      ctx.subscription.listSubscriptions({ query: { userId: customerId } }),
    ),
    // The latest deliveries first: the boxes to come are among them.
    passRefusals('Reading the orders', () =>
      ctx.order.listOrders({
        query: { userId: customerId, orderBy: 'deliveryDate', direction: 'DESC', limit: 30 },
      }),
    ),
    orNotFound(ctx.payment.listPaymentMethods({ params: { userId: customerId } })),
    passRefusals('Reading the products', () => ctx.product.listProducts({ query: {} })),
  ]);
  const names = new Map(products.map((p) => [p.id, p.name]));
  const upcoming: Order[] = upcomingOf(orders.data, UPCOMING_BOXES);
  return {
    customer,
    address: address ?? null,
    dogs,
    subscriptions: subscriptions.data,
    upcomingBoxes: upcoming.map((order) => ({
      order,
      contents: order.orderLineItems.map((item) => ({
        name: names.get(item.productId) ?? 'Unknown product',
        quantity: item.quantity,
        oneOff: item.oneOff,
      })),
    })),
    cards: (cards ?? []).map(masked),
  };
}
