import type { LineItem, Order, OrderEvent } from '@pawfresh/contracts/order';
import { localDate } from './dunning.js';

/** The seller on every invoice (settings: INVOICE_BUSINESS_NAME, INVOICE_ABN, INVOICE_ADDRESS). */
export interface Seller {
  name: string;
  abn: string;
  address: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Cents per unit, before discounts. */
  unitPrice: number;
  /** unitPrice × quantity. */
  amount: number;
}

/** An Australian tax invoice (docs/invoices.md): everything the PDF shows, in cents. */
export interface Invoice {
  seller: Seller;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: number;
  deliveryDate: string;
  billTo: string[];
  lines: InvoiceLine[];
  /** Σ line amounts, before discounts. */
  subtotal: number;
  /** Taken off by discounts (a positive number), with the discounts' names. */
  discount: number;
  discountNames: string[];
  /** What was charged beyond the discounted items (orders carry no fee lines yet: 0). */
  shipping: number;
  /** What was charged, GST included. */
  total: number;
  /** The GST included in total: total / 11, rounded to the cent. */
  gst: number;
}

/**
 * GST included in a GST-inclusive price: one eleventh (10% on the price before GST), rounded to
 * the nearest cent. A total in cents divided by 11 never ends in exactly half a cent.
 */
export const gstIncluded = (totalCents: number) => Math.round(totalCents / 11);

/** ABN checksum (ATO): subtract 1 from the first digit, weigh, the sum divides by 89. */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce(
    (acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!,
    0,
  );
  return sum % 89 === 0;
}

/** The invoice number of an order: one invoice per paid order. */
export const invoiceNumberOf = (orderNumber: number) => `INV-${orderNumber}`;

/** The day the payment was taken, on the depot's clock (the last move to processed). */
export function paidOn(order: Order, events: readonly OrderEvent[]): string | undefined {
  const paid = events.filter(
    (e) => e.action === 'payment_status_updated' && e.currentValue === 'processed',
  );
  const last = paid[paid.length - 1];
  return last ? localDate(new Date(last.createdAt), order.address.timezone) : undefined;
}

const PLAN_NAMES: Record<string, string> = {
  full_bowl: 'full bowl',
  half_bowl: 'half bowl',
};

/** How a line reads: the catalogue's name, with what it is for. */
export function lineDescription(item: LineItem, productName: string | undefined): string {
  const name = productName ?? 'Product';
  if (item.planType)
    return `${name} (${PLAN_NAMES[item.planType] ?? item.planType.replace(/_/g, ' ')} plan)`;
  if (item.oneOff) return `${name} (one-off extra)`;
  if (item.extraId) return `${name} (extra)`;
  return name;
}

export function buildInvoice(
  seller: Seller,
  order: Order,
  invoiceDate: string,
  productNames: Readonly<Record<string, string>>,
): Invoice {
  const lines = order.orderLineItems.map((item) => ({
    description: lineDescription(item, productNames[item.productId]),
    quantity: item.quantity,
    unitPrice: item.price,
    amount: item.price * item.quantity,
  }));
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const discounted = order.orderLineItems.reduce(
    (s, i) => s + (i.discountedPrice ?? i.price) * i.quantity,
    0,
  );
  const a = order.address;
  return {
    seller,
    invoiceNumber: invoiceNumberOf(order.orderNumber),
    invoiceDate,
    orderNumber: order.orderNumber,
    deliveryDate: order.deliveryDate,
    billTo: [
      `${a.firstName} ${a.lastName}`,
      ...(a.companyName ? [a.companyName] : []),
      [a.address1, a.address2].filter(Boolean).join(', '),
      `${a.suburb} ${a.state} ${a.postcode}`,
    ],
    lines,
    subtotal,
    discount: subtotal - discounted,
    discountNames: order.discounts.map((d) => d.name),
    shipping: order.totalCharge - discounted,
    total: order.totalCharge,
    gst: gstIncluded(order.totalCharge),
  };
}

/** Cents as dollars: 12250 → "$122.50", −500 → "−$5.00". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-AU')}.${String(abs % 100).padStart(2, '0')}`;
}
