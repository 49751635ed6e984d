import {
  Button,
  Group,
  Image,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  productStatuses,
  productTypes,
  type ProductStatus,
  type ProductType,
} from '@pawfresh/contracts/enums';
import {
  statusLabels,
  type CatalogueProduct,
  type CatalogueVariant,
} from '@pawfresh/contracts/staff-catalogue';

import { Empty, LoadError, Loading } from '../../components/states';
import { ChangeStatusDialog } from '../../features/catalogue/change-status';
import { catalogueQuery } from '../../features/catalogue/queries';
import { VariantStatusBadge } from '../../features/catalogue/status-badge';
import { formatCents } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';

const TYPE_LABELS: Record<ProductType, string> = {
  meal: 'Meals',
  treat: 'Treats',
  supplement: 'Supplements',
  collateral: 'Collateral',
  toy: 'Toys',
  bundle: 'Bundles',
};

const oneOf = <T extends string>(values: readonly T[], text: string | null) =>
  values.find((v) => v === text);

/** The product's picture: its icon, else its first image. */
const pictureOf = (p: CatalogueProduct) =>
  p.images.find((i) => i.imageType === 'icon') ?? p.images[0];

function ProductCard({
  product,
  canChange,
  onChange,
}: {
  product: CatalogueProduct;
  canChange: boolean;
  onChange: (variant: CatalogueVariant) => void;
}) {
  const picture = pictureOf(product);
  const titleId = `product-${product.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start">
          {picture ? (
            <Image src={picture.imageUrl} alt="" w={64} h={64} fit="contain" radius="sm" />
          ) : null}
          <Stack gap={4}>
            <Title order={2} size="h4" id={titleId}>
              {product.name}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="gray.7">
                {TYPE_LABELS[product.type].replace(/s$/, '')} · {product.productCode}
                {product.isVisible ? '' : ' · hidden from customers'} · product
              </Text>
              <VariantStatusBadge status={product.status} />
            </Group>
          </Stack>
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant and SKU</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Status</Table.Th>
                {canChange ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {product.variants.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    {v.variantName}
                    {v.isVisible ? null : (
                      <Text span size="xs" c="gray.7">
                        {' '}
                        (hidden)
                      </Text>
                    )}
                    <Text size="xs" c="gray.7" ff="monospace">
                      {v.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {v.weightGrams > 0 ? `${v.weightGrams} g` : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(v.basePrice)}
                  </Table.Td>
                  <Table.Td>
                    <VariantStatusBadge status={v.status} />
                  </Table.Td>
                  {canChange ? (
                    <Table.Td ta="right">
                      {v.nextStatuses.length > 0 ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => onChange(v)}
                          aria-label={`Change status of ${v.variantName}`}
                        >
                          Change status
                        </Button>
                      ) : (
                        <Text span size="xs" c="gray.7">
                          Final
                        </Text>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * The catalogue (every role with catalogue:read): products with their picture, variants with size,
 * price and status, filtered by type and status in the URL; "Change status" (catalogue:write)
 * previews what the change does to the boxes to come before it asks for a reason.
 */
export function CataloguePage() {
  const { can } = useMe();
  const [params, setFilter] = useUrlFilter<'type' | 'status'>('page');
  const type = oneOf(productTypes, params.get('type'));
  const status = oneOf(productStatuses, params.get('status'));
  const catalogue = useQuery(catalogueQuery(type, status));
  const [changing, setChanging] = useState<{
    product: CatalogueProduct;
    variant: CatalogueVariant;
  } | null>(null);
  const products = catalogue.data?.products ?? [];

  return (
    <Stack maw={1100}>
      <Title order={1}>Catalogue</Title>
      <Text size="sm" c="gray.7">
        Products and their variants as the product service has them. A variant’s status says what
        customers may choose and what the kitchen has; changing it shows first what it does to the
        boxes to come.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Product type"
          data={[
            { value: '', label: 'All types' },
            ...productTypes.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
          ]}
          value={type ?? ''}
          onChange={(e) => setFilter('type', e.currentTarget.value)}
        />
        <NativeSelect
          label="Variant status"
          data={[
            { value: '', label: 'All statuses' },
            ...productStatuses.map((s: ProductStatus) => ({ value: s, label: statusLabels[s] })),
          ]}
          value={status ?? ''}
          onChange={(e) => setFilter('status', e.currentTarget.value)}
        />
      </Group>
      {catalogue.isPending ? (
        <Loading label="Loading the catalogue…" />
      ) : catalogue.isError ? (
        <LoadError
          title="The catalogue could not be loaded"
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
        />
      ) : products.length === 0 ? (
        <Empty>No product has a variant like that: choose another type or status.</Empty>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {products.length} {products.length === 1 ? 'product' : 'products'},{' '}
            {products.reduce((n, p) => n + p.variants.length, 0)} variants
          </Text>
          {products.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              canChange={can('catalogue:write')}
              onChange={(variant) => setChanging({ product: p, variant })}
            />
          ))}
        </>
      )}
      {changing ? (
        <ChangeStatusDialog
          key={changing.variant.id}
          product={changing.product}
          variant={changing.variant}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </Stack>
  );
}
