import { wallClockAt } from '@pawfresh/kit';
import { dayOf, formatDay, timeOfDay } from '@pawfresh/contracts/calendar-dates';
import type { CustomerOrder, DeliveryOptions, Order } from '@pawfresh/contracts/order';
import type {
  CustomerDeliveryOptions,
  CustomerDog,
  CustomerPaymentMethod,
  Profile,
} from '@pawfresh/contracts/account';
import type { User } from '@pawfresh/contracts/identity';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { PaymentMethod } from '@pawfresh/contracts/payment';

/** customer-app.md §3 "User profile": cognitoUserId is the user's id. */
export const toProfile = (user: User): Profile => ({
  cognitoUserId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
});

/** customer-app.md §3 "Payment method": what a customer sees of a saved card. */
export const toCustomerCard = (card: PaymentMethod): CustomerPaymentMethod => ({
  id: card.id,
  brand: card.brand,
  expiryMonth: card.expiryMonth,
  expiryYear: card.expiryYear,
  last4Digits: card.last4Digits,
  default: card.default,
});

/** A customer's own dog, without the owner the dogs service keeps. */
export const toCustomerDog = ({ userId: _owner, ...dog }: Dog): CustomerDog => dog;

/** customer-app.md §3 "Order": what a customer sees of one of their orders. */
export const toCustomerOrder = (o: Order): CustomerOrder => ({
  id: o.id,
  orderNumber: o.orderNumber,
  deliveryDate: o.deliveryDate,
  expectedDeliverySlotId: o.expectedDeliverySlotId,
  cutoffAt: o.cutoffAt,
  billingDate: o.billingDate,
  displayType: o.displayType,
  paymentStatus: o.paymentStatus,
  totalPrice: o.totalPrice,
  totalCharge: o.totalCharge,
  orderLineItems: o.orderLineItems.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    animalId: i.animalId,
    productId: i.productId,
    productVariantId: i.productVariantId,
    planType: i.planType,
    extraId: i.extraId,
    oneOff: i.oneOff,
    price: i.price,
    discountedPrice: i.discountedPrice,
  })),
  address: {
    addressId: o.address.addressId,
    address1: o.address.address1,
    address2: o.address.address2,
    suburb: o.address.suburb,
    state: o.address.state,
    postcode: o.address.postcode,
    deliveryInstructions: o.deliveryNote,
  },
  version: o.version,
});

/** An instant on the wall clock of a zone in words: "Saturday 28 November, 5pm". */
export function momentInWords(at: Date, timeZone: string): string {
  const local = wallClockAt(at, timeZone);
  return `${dayOf(local, { long: true })}, ${timeOfDay(local)}`;
}

/**
 * The order service's delivery options as the customer sees them: by day, in their order, each
 * slot with its cut-off in words at the depot (where the order service counts it).
 */
export function toCustomerDeliveryOptions(answer: DeliveryOptions): CustomerDeliveryOptions {
  const days = new Map<string, CustomerDeliveryOptions['days'][number]>();
  for (const option of answer.options) {
    let day = days.get(option.deliveryDate);
    if (!day) {
      day = {
        deliveryDate: option.deliveryDate,
        dayInWords: formatDay(option.deliveryDate, { long: true }),
        slots: [],
      };
      days.set(option.deliveryDate, day);
    }
    day.slots.push({
      deliverySlotId: option.slot,
      cutoffAt: option.cutoffAt,
      changeBy: momentInWords(new Date(option.cutoffAt), answer.timezone),
      accepted: option.accepted,
    });
  }
  return {
    orderId: answer.orderId,
    days: [...days.values()].sort((a, b) => (a.deliveryDate < b.deliveryDate ? -1 : 1)),
  };
}
