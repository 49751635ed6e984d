import { orNotFound, passRefusals } from '@pawfresh/kit';
import type { User } from '@pawfresh/contracts/identity';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffSearchResult } from '@pawfresh/contracts/staff';
import { searchKinds } from '../rules/search-text.js';
import type { StaffContext } from './context.js';

/** How many results the box answers at most: a person reads a handful, then types more. */
export const MAX_SEARCH_RESULTS = 20;

type Found = { matched: StaffSearchResult['matched']; userId: string; order: Order | null };

const customerOf = (u: User): StaffSearchResult['customer'] => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phoneNumber: u.phoneNumber,
});

/** What an identity user matched of the text: the e-mail, the phone number, else the name. */
function matchedOf(user: User, text: string): StaffSearchResult['matched'] {
  const q = text.toLowerCase();
  if (user.email.startsWith(q)) return 'email';
  const digits = (s: string) => s.replace(/\D/g, '').replace(/^61/, '0');
  if (user.phoneNumber && /\d/.test(q) && digits(user.phoneNumber) === digits(q)) return 'phone';
  return 'name';
}

/**
 * The back office's one search box: the text is read as each kind it could be (rules/
 * search-text.ts) and only the services that could answer are asked, at once: identity for an
 * id, an e-mail, a name or a phone; order for an order number; courier for an invoice or
 * tracking number, fulfilment for a box serial number (each to its order, then its customer).
 * Customers only: staff accounts are never listed.
 */
export async function searchCustomers(
  ctx: StaffContext,
  text: string,
): Promise<{ data: StaffSearchResult[] }> {
  const kinds = searchKinds(text);
  const users = new Map<string, User | undefined>();
  const userById = async (id: string) => {
    if (!users.has(id))
      users.set(id, await orNotFound(ctx.identity.getUser({ params: { userId: id } })));
    return users.get(id);
  };
  const orderById = (orderId: string) => orNotFound(ctx.order.getOrder({ params: { orderId } }));
  const ofOrder = (matched: Found['matched'], order: Order | undefined): Found[] =>
    order ? [{ matched, userId: order.userId, order }] : [];

  const lookups: Promise<Found[]>[] = [];
  if (kinds.customerId) {
    const id = kinds.customerId;
    lookups.push(Promise.resolve([{ matched: 'customerId', userId: id, order: null }]));
  }
  if (kinds.orderNumber !== null) {
    const orderNumber = kinds.orderNumber;
    lookups.push(
      passRefusals('Searching the orders', () =>
        ctx.order.listOrders({ query: { orderNumber, limit: 1 } }),
      ).then((page) => ofOrder('orderNumber', page.data[0])),
    );
  }
  if (kinds.shipmentNumber !== null) {
    const number = kinds.shipmentNumber;
    const shipments = async (
      matched: 'trackingNumber' | 'invoiceNumber',
      query: { trackingNumber: string } | { invoiceNumber: string },
    ) => {
      const page = await passRefusals('Searching the deliveries', () =>
        ctx.courier.searchShipments({ query }),
      );
      const orders = await Promise.all(
        page.data.flatMap((s) => (s.orderId ? [orderById(s.orderId)] : [])),
      );
      return orders.flatMap((o) => ofOrder(matched, o));
    };
    lookups.push(shipments('trackingNumber', { trackingNumber: number }));
    lookups.push(shipments('invoiceNumber', { invoiceNumber: number }));
  }
  if (kinds.serialNumber !== null) {
    const serialNumber = kinds.serialNumber;
    lookups.push(
      orNotFound(ctx.fulfilment.boxBySerialNumber({ params: { serialNumber } })).then(async (box) =>
        (await Promise.all((box?.orderIds ?? []).map(orderById))).flatMap((o) =>
          ofOrder('serialNumber', o),
        ),
      ),
    );
  }
  if (kinds.people !== null) {
    const q = kinds.people;
    lookups.push(
      passRefusals('Searching the customers', () =>
        ctx.identity.searchUsers({ query: { q, limit: MAX_SEARCH_RESULTS } }),
      ).then((found) =>
        found.data.map((u) => {
          users.set(u.id, u);
          return { matched: matchedOf(u, q), userId: u.id, order: null };
        }),
      ),
    );
  }

  const found = (await Promise.all(lookups)).flat();
  const seen = new Set<string>();
  const data: StaffSearchResult[] = [];
  for (const f of found) {
    const key = `${f.userId}:${f.order?.id ?? ''}`;
    if (seen.has(key) || data.length >= MAX_SEARCH_RESULTS) continue;
    seen.add(key);
    const user = await userById(f.userId);
    if (!user || user.role !== 'customer') continue;
    data.push({
      matched: f.matched,
      customer: customerOf(user),
      order: f.order
        ? { id: f.order.id, orderNumber: f.order.orderNumber, deliveryDate: f.order.deliveryDate }
        : null,
    });
  }
  return { data };
}
