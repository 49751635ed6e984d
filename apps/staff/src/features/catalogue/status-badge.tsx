import { Badge } from '@mantine/core';
import type { ProductStatus } from '@pawfresh/contracts/enums';
import { statusLabels } from '@pawfresh/contracts/staff-catalogue';

/** Each status's colour: white text on the 9th shade (AA contrast); the words say the status. */
const COLOURS: Record<ProductStatus, string> = {
  active: 'teal.9',
  out_of_stock: 'orange.9',
  discontinuing: 'yellow.9',
  discontinued: 'red.9',
  archived: 'gray.8',
};

export function VariantStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <Badge variant="filled" color={COLOURS[status]} miw="max-content" tt="none">
      {statusLabels[status]}
    </Badge>
  );
}
