import { conflict, notFound } from '@pawfresh/kit';
import { findOrderRow, type StoredAddress } from '../db/order-store.js';
import type { OrderAddressInput } from '@pawfresh/contracts/order';
import { addressLine, sameStoredAddress, storedAddress } from '../rules/order-address.js';
import type { OrderContext } from './context.js';
import { datesFor, placeOfPostcode } from './delivery-dates.js';
import { assertBoxCanChange, changeOrder, type ChangeOptions } from './order-change.js';

/**
 * A new delivery address for an order, until its cut-off. A new postcode may mean another depot
 * (asked of the courier before the transaction, so no lock is held over a call), and so other
 * dates; the new cut-off must not have passed either.
 */
export async function replaceAddress(
  ctx: OrderContext,
  orderId: string,
  addressId: string,
  input: OrderAddressInput,
  options: ChangeOptions = {},
) {
  const current = await findOrderRow(ctx.db, orderId);
  const lookedUp =
    current && (current.address as StoredAddress).postcode !== input.postcode
      ? await placeOfPostcode(ctx, input.postcode)
      : undefined;
  return changeOrder(ctx, orderId, options, async (row, now) => {
    const old = row.address as StoredAddress;
    if (old.addressId !== addressId) {
      throw notFound(`Address ${addressId} is not the address of order ${orderId}`);
    }
    const address: StoredAddress = storedAddress(addressId, input);
    // The address it already has changes nothing (a retried call is harmless).
    if (sameStoredAddress(old, address)) return { events: [], topics: [] };
    assertBoxCanChange(row, now, 'address');
    const moved = input.postcode !== old.postcode;
    const place = moved ? lookedUp : row;
    if (!place) throw conflict(`Order ${orderId} changed meanwhile: send the address again`);
    const dates = moved
      ? datesFor(ctx, { deliveryDate: row.deliveryDate, slot: row.expectedDeliverySlotId }, place)
      : {};
    return {
      columns: { address, depotCode: place.depotCode, facilityId: place.facilityId, ...dates },
      events: [
        {
          action: 'address_updated',
          description: 'Delivery address replaced',
          previousValue: addressLine(old),
          currentValue: addressLine(address),
        },
      ],
      topics: ['address_updated'],
    };
  });
}
