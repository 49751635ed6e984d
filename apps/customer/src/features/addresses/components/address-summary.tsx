import { Text } from '@mantine/core';
import type { Address } from '@pawfresh/contracts/fields';

import { formatAddressLines } from '../utils/address-lines';

/** An address as a postal label, or a note when there is none. */
export function AddressSummary({ address }: { address: Address | null }) {
  if (!address) return <Text>No default address yet.</Text>;
  return (
    <Text component="address" style={{ fontStyle: 'normal' }}>
      {formatAddressLines(address).map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
      {address.deliveryInstructions ? (
        <>
          <br />
          Delivery instructions: {address.deliveryInstructions}
        </>
      ) : null}
    </Text>
  );
}
