import { Badge } from '@mantine/core';
import type { ProductStatus } from '@pawfresh/contracts/enums';
import { statusLabels } from '@pawfresh/contracts/staff-catalogue';

/**
 * Each status's colour, white text on it at 4.5:1 or more (AA); the words say the status. Mantine's
 * orange 9 and yellow 9 are under 4:1 with white, so those two are darker shades of their own.
 */
const COLOURS: Record<ProductStatus, string> = {
  active: 'teal.9',
  out_of_stock: '#a63c06',
  discontinuing: '#7a5200',
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
