import { useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@pawfresh/contracts/fields';

import { getDefaultAddressQueryOptions } from '../../../features/addresses/api/get-default-address';
import { updateDefaultAddress } from '../../../features/addresses/api/update-default-address';
import { checkServiceability } from '../../../features/orders/api/check-serviceability';
import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import {
  updateDeliveryInfo,
  type DeliveryInfoAnswer,
} from '../../../features/orders/api/update-delivery-info';
import type { Order } from '../../../features/orders/utils/order-format';
import { ApiError } from '../../../lib/api-client';

/**
 * Where a new address goes: this box only, this box and every later one (and the address on file),
 * or only the address on file (the boxes already planned keep theirs).
 */
export type AddressScope = 'this' | 'future' | 'file';

export type AddressSaved = {
  saved: AddressInput;
  scope: AddressScope;
  /** The later boxes the server left at their address, with its reason (customer words). */
  skippedOrders: DeliveryInfoAnswer['skippedOrders'];
};

/** "We don't deliver to Yulara NT 0872 yet": refused before anything is saved. */
export function notServiceableMessage(input: AddressInput): string {
  return `We don’t deliver to ${input.suburb} ${input.state} ${input.postCode} yet, so we can’t send your box there. Check the suburb and postcode, or choose another address.`;
}

export const sameAddress = (input: AddressInput, address: Address) =>
  input.address1 === address.address1 &&
  (input.address2 ?? null) === address.address2 &&
  input.suburb === address.suburb &&
  (input.city ?? null) === address.city &&
  input.state === address.state &&
  input.postCode === address.postCode &&
  (input.deliveryInstructions ?? null) === address.deliveryInstructions &&
  (input.companyName ?? null) === address.companyName;

/**
 * The delivery address editor's save, for a box's address page and the account's address page
 * alike (customer-app.md §2: the account's "reuses the delivery address editor"): the courier must
 * reach the address (serviceability, before anything is saved; the form has checked the postcode
 * against the state), then one call: the box's delivery info (this box, or this and every later
 * box, which also makes it the address on file), or the address on file alone. Answers what
 * happened, or null when nothing changed.
 */
export function useDeliveryAddressSave() {
  const queryClient = useQueryClient();
  return async (
    input: AddressInput,
    { box, scope, initial }: { box: Order | null; scope: AddressScope; initial: Address | null },
  ): Promise<AddressSaved | null> => {
    if (initial && sameAddress(input, initial) && (scope !== 'future' || initial.isDefault)) {
      return null;
    }
    const check = await checkServiceability({ postcode: input.postCode, suburb: input.suburb });
    if (!check.serviceable) {
      const message = notServiceableMessage(input);
      throw new ApiError(message, 400, message);
    }
    try {
      if (scope === 'file' || !box) {
        await updateDefaultAddress(input);
        return { saved: input, scope: 'file', skippedOrders: [] };
      }
      const answer = await updateDeliveryInfo(box.id, {
        postcode: input.postCode,
        suburb: input.suburb,
        address: {
          addressId: box.address.addressId,
          address1: input.address1,
          address2: input.address2 ?? null,
          city: input.city ?? null,
          countryCode: 'AU',
          state: input.state,
          companyName: input.companyName ?? null,
          deliveryInstructions: input.deliveryInstructions ?? null,
        },
        ...(scope === 'future' ? { applyToFutureOrders: true } : {}),
      });
      return { saved: input, scope, skippedOrders: answer.skippedOrders };
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getDefaultAddressQueryOptions().queryKey }),
      ]);
    }
  };
}

/** "3 Banksia Road, Newtown NSW 2042". */
export const addressInWords = (
  a: Pick<AddressInput, 'address1' | 'suburb' | 'state' | 'postCode'>,
) => `${a.address1}, ${a.suburb} ${String(a.state)} ${a.postCode}`;
