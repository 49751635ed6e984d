import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProductImage } from '../../../components/ui/product-image';
import { ProductBadges } from '../../../features/orders/components/product-badges';
import { orderEditPaths } from '../../../config/paths';
import {
  addOrderExtra,
  addSubscriptionExtra,
  useExtraChange,
} from '../../../features/orders/api/extra-changes';
import {
  activeSubscription,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { ChoiceCards } from '../../../features/orders/components/choice-cards';
import { ExtraError } from '../../../features/orders/components/extra-error';
import { QuantityStepper } from '../../../features/orders/components/quantity-stepper';
import type { Product } from '../../../features/orders/utils/box-contents';
import { countOf } from '../../../features/orders/utils/box-contents';
import {
  describeFrequency,
  extraImage,
  findExtraProduct,
  FREQUENCIES,
  productText,
  type ProductType,
} from '../../../features/orders/utils/order-extras';
import {
  canChange,
  describeCutoff,
  formatCents,
  formatDay,
  type Order,
} from '../../../features/orders/utils/order-format';
import { BACK_TO_DELIVERIES, orderEditLoader, useOrderRoute } from './order-route-data';

export function clientLoader(queryClient: QueryClient) {
  return orderEditLoader(queryClient, { subscriptions: true });
}

/** /deliveries/{orderId}/extras/{productVariantId} (customer-app.md §2): a treat or supplement. */
export default function ExtraDetailRoute() {
  const { productVariantId } = useParams();
  const route = useOrderRoute({ subscriptions: true });
  if (route.state !== 'ready') return route.frame('Product');
  const found = findExtraProduct(route.products!, productVariantId);
  const subscription = activeSubscription(route.subscriptions);
  if (!found) {
    return (
      <FullScreenPage title="Product" back={BACK_TO_DELIVERIES}>
        <EmptyState title="We couldn’t find that product">
          It may no longer be for sale. The treats and supplements to add are on the add page.
        </EmptyState>
      </FullScreenPage>
    );
  }
  return (
    <ExtraDetail
      order={route.order!}
      subscription={subscription}
      type={found.type}
      product={found.product}
      variant={found.variant}
    />
  );
}

function ExtraDetail({
  order,
  subscription,
  type,
  product,
  variant,
}: {
  order: Order;
  subscription: Subscription | null;
  type: ProductType;
  product: Product;
  variant: Product['variants'][number];
}) {
  const [now] = useState(() => new Date());
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const [quantity, setQuantity] = useState(1);
  const [frequency, setFrequency] = useState('0');
  const { description, feedingGuide } = productText(product);
  const open = canChange(order, now);
  const outOfStock = product.status === 'out_of_stock';
  const day = formatDay(order.deliveryDate);
  const nthOrder = Number(frequency);

  const add = useExtraChange(
    async () => {
      const subscriptionId = subscription!.id;
      if (nthOrder === 0) {
        await addOrderExtra(order.id, { subscriptionId, productVariantId: variant.id, quantity });
        return `${countOf(quantity, 'pack')} of ${product.name} added to your box of ${day}.`;
      }
      await addSubscriptionExtra(subscriptionId, {
        extraType: type,
        startOrderId: order.id,
        nthOrder,
        quantity,
        productVariantId: variant.id,
      });
      return `${countOf(quantity, 'pack')} of ${product.name} added to ${describeFrequency(nthOrder).toLowerCase()}, from your box of ${day} on.`;
    },
    async (description: string) => {
      notify(description);
      await navigate(orderEditPaths.editExtras(order.id, type));
    },
  );
  const submit = () => add.mutate(undefined);
  return (
    <FullScreenPage
      title={product.name}
      back={{ to: orderEditPaths.addExtras(order.id, type), label: `Back to ${type}s` }}
    >
      <Group gap="lg" align="flex-start">
        <ProductImage src={extraImage(product)} alt={product.name} size={160} />
        <Stack gap="xs" style={{ flex: '1 1 12rem' }}>
          <Text fw={800} fz="1.5rem">
            {formatCents(variant.price)}
            <Text span size="md" c="dimmed" fw={500}>
              {' '}
              a pack of {variant.dimension.weightGrams} g
            </Text>
          </Text>
          <ProductBadges product={product} />
          {description ? <Text>{description}</Text> : null}
          {feedingGuide ? (
            <Text size="sm">
              <strong>How much:</strong> {feedingGuide}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {!open || !subscription ? (
        <Alert color="oat" variant="light" title="This box can’t change any more">
          {open ? 'Only an active plan can have extras.' : 'Its changes have closed.'}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!add.isPending) submit();
          }}
        >
          <Stack gap="md">
            <Text fw={600}>
              For your box of {formatDay(order.deliveryDate, { long: true })}.{' '}
              {describeCutoff(order, now)}.
            </Text>
            <div>
              <Text fw={600} mb={4}>
                How many
              </Text>
              <QuantityStepper
                name={`${product.name} pack`}
                value={quantity}
                onChange={setQuantity}
                min={1}
                max={50}
                unit={(n) => (n === 1 ? 'pack' : 'packs')}
                disabled={add.isPending}
              />
            </div>
            <ChoiceCards
              label="How often"
              value={frequency}
              onChange={setFrequency}
              options={FREQUENCIES.map((n) => ({
                value: String(n),
                title: n === 0 ? 'Just this box' : describeFrequency(n),
                detail: n === 0 ? `Only on ${day}` : `From ${day} on`,
              }))}
            />
            {add.isError ? <ExtraError error={add.error} onRetry={submit} /> : null}
            <Button type="submit" size="md" loading={add.isPending} disabled={outOfStock}>
              {`Add ${countOf(quantity, 'pack')} · ${formatCents(variant.price * quantity)}`}
            </Button>
          </Stack>
        </form>
      )}
    </FullScreenPage>
  );
}
