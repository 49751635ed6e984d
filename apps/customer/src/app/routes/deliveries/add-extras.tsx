import { Card, Group, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProductImage } from '../../../components/ui/product-image';
import { ProductBadges } from '../../../features/orders/components/product-badges';
import { orderEditPaths } from '../../../config/paths';
import {
  extraImage,
  isProductType,
  productsOfType,
  productText,
  TYPE_WORDS,
} from '../../../features/orders/utils/order-extras';
import {
  canChange,
  describeCutoff,
  formatCents,
  formatDay,
} from '../../../features/orders/utils/order-format';
import classes from '../../../features/orders/components/orders.module.css';
import {
  BACK_TO_DELIVERIES,
  orderEditLoader,
  UnknownProductType,
  useOrderRoute,
} from './order-route-data';

export function clientLoader(queryClient: QueryClient) {
  return orderEditLoader(queryClient);
}

/** /deliveries/{orderId}/add/{productType} (customer-app.md §2): the treats or supplements to add. */
export default function AddExtrasRoute() {
  const { productType } = useParams();
  const route = useOrderRoute();
  const [now] = useState(() => new Date());
  const type = isProductType(productType) ? productType : null;
  const title = type ? `Add ${TYPE_WORDS[type].many}` : 'Add extras';
  if (!type) return <UnknownProductType title={title} />;
  if (route.state !== 'ready') return route.frame(title);
  const order = route.order!;
  const products = productsOfType(route.products!, type);
  const open = canChange(order, now);
  return (
    <FullScreenPage
      title={title}
      back={BACK_TO_DELIVERIES}
      wide
      intro={
        <Text>
          For your box of <strong>{formatDay(order.deliveryDate, { long: true })}</strong>, just
          once or every few boxes.{' '}
          {open ? `${describeCutoff(order, now)}.` : 'Changes have closed for this box.'}
        </Text>
      }
    >
      {products.length === 0 ? (
        <EmptyState title={`No ${TYPE_WORDS[type].many} to add right now`}>
          Check back soon: new ones arrive often.
        </EmptyState>
      ) : (
        <ul className={`${classes.orderList} ${classes.orderGrid}`}>
          {products.map((product) => {
            const variant = product.variants[0]!;
            const { description } = productText(product);
            return (
              <li key={product.id}>
                <Card withBorder radius="lg" padding="md" h="100%">
                  <Stack gap="xs">
                    <Group wrap="nowrap" gap="sm" align="flex-start">
                      <ProductImage src={extraImage(product)} size={72} />
                      <div>
                        <Text
                          component={Link}
                          to={orderEditPaths.extra(order.id, variant.id)}
                          fw={800}
                          size="lg"
                          c="paprika.7"
                          td="underline"
                        >
                          {product.name}
                        </Text>
                        <Text fw={700}>
                          {formatCents(variant.price)}
                          <Text span size="sm" c="dimmed">
                            {' '}
                            a pack of {variant.dimension.weightGrams} g
                          </Text>
                        </Text>
                      </div>
                    </Group>
                    {description ? <Text size="sm">{description}</Text> : null}
                    <ProductBadges product={product} />
                  </Stack>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </FullScreenPage>
  );
}
