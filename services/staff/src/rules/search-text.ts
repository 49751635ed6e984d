import { INVOICE_PREFIX } from '@pawfresh/contracts/courier';
import { MAX_INT } from '@pawfresh/contracts/fields';

/**
 * What the back office's one search box may have been given (GET /api/staff/v1/search): each
 * kind the text could be, so the search asks only the services that could answer it.
 */
export interface SearchKinds {
  /** A customer's id (a UUID). */
  customerId: string | null;
  /** An order number (digits, an optional leading #). */
  orderNumber: number | null;
  /** A courier invoice, box serial or tracking number (one word of letters, digits, dashes). */
  shipmentNumber: string | null;
  /** A box serial number (the courier's invoice prefix, then letters and digits). */
  serialNumber: string | null;
  /** An e-mail, a name or a phone number (identity's search: starts-with, or the phone). */
  people: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^#?(\d{1,10})$/;
const SHIPMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{3,99}$/;
const SERIAL_NUMBER = /^[A-Za-z0-9]{1,50}$/;

export function searchKinds(text: string): SearchKinds {
  const q = text.trim();
  const uuid = UUID.test(q) ? q.toLowerCase() : null;
  const digits = ORDER_NUMBER.exec(q)?.[1];
  const orderNumber = digits !== undefined && Number(digits) >= 1 && Number(digits) <= MAX_INT;
  // A word that has a digit, or the courier's invoice prefix: not a name ("Smith").
  const shipmentNumber =
    !uuid && SHIPMENT_NUMBER.test(q) && (/\d/.test(q) || q.toUpperCase().startsWith(INVOICE_PREFIX))
      ? q
      : null;
  return {
    customerId: uuid,
    orderNumber: orderNumber ? Number(digits) : null,
    shipmentNumber,
    serialNumber:
      SERIAL_NUMBER.test(q) && q.startsWith(INVOICE_PREFIX) && q.length > INVOICE_PREFIX.length
        ? q
        : null,
    // Order numbers, ids and shipment numbers are not names; a phone number is all digits too.
    people: uuid ? null : q,
  };
}
