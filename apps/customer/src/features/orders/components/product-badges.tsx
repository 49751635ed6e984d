import { Badge, Group } from '@mantine/core';

import type { Product } from '../utils/box-contents';

/** "New" and "Out of stock" beside a treat or supplement (customer-app.md §4 product status). */
export function ProductBadges({ product }: { product: Product }) {
  if (!product.isNew && product.status !== 'out_of_stock') return null;
  return (
    <Group gap="xs">
      {product.isNew ? (
        <Badge color="sage.8" variant="filled" tt="none">
          New
        </Badge>
      ) : null}
      {product.status === 'out_of_stock' ? (
        <Badge color="oat.7" variant="filled" tt="none">
          Out of stock
        </Badge>
      ) : null}
    </Group>
  );
}
