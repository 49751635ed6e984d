import '../../../styles/mantine-forms.css';
import { Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProductImage } from '../../../components/ui/product-image';
import { orderEditPaths } from '../../../config/paths';
import {
  deleteOrderExtra,
  deleteSubscriptionExtra,
  updateOrderExtra,
  updateSubscriptionExtraFrequency,
  updateSubscriptionExtraQuantity,
  useExtraChange,
} from '../../../features/orders/api/extra-changes';
import {
  activeSubscription,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { ExtraError } from '../../../features/orders/components/extra-error';
import { QuantityStepper } from '../../../features/orders/components/quantity-stepper';
import { countOf } from '../../../features/orders/utils/box-contents';
import {
  describeFrequency,
  extraImage,
  extrasOfType,
  isProductType,
  ordinal,
  TYPE_WORDS,
  type ExtraLine,
  type ProductType,
} from '../../../features/orders/utils/order-extras';
import {
  canChange,
  describeCutoff,
  formatCents,
  formatDay,
  type Order,
} from '../../../features/orders/utils/order-format';
import {
  BACK_TO_DELIVERIES,
  orderEditLoader,
  UnknownProductType,
  useOrderRoute,
} from './order-route-data';

export function clientLoader(queryClient: QueryClient) {
  return orderEditLoader(queryClient, { subscriptions: true });
}

/** /deliveries/{orderId}/edit/{productType} (customer-app.md §2): the box's treats or supplements. */
export default function EditExtrasRoute() {
  const { productType } = useParams();
  const route = useOrderRoute({ subscriptions: true });
  const type = isProductType(productType) ? productType : null;
  const title = type ? `Your ${TYPE_WORDS[type].many}` : 'Extras';
  if (!type) return <UnknownProductType title={title} />;
  if (route.state !== 'ready') return route.frame(title);
  const subscription = activeSubscription(route.subscriptions);
  return (
    <EditExtras
      title={title}
      type={type}
      order={route.order!}
      subscription={subscription}
      lines={extrasOfType(route.order!, route.products!, type, subscription?.extras ?? [])}
    />
  );
}

function EditExtras({
  title,
  type,
  order,
  subscription,
  lines,
}: {
  title: string;
  type: ProductType;
  order: Order;
  subscription: Subscription | null;
  lines: ExtraLine[];
}) {
  const [now] = useState(() => new Date());
  const open = canChange(order, now);
  const words = TYPE_WORDS[type];
  return (
    <FullScreenPage
      title={title}
      back={BACK_TO_DELIVERIES}
      intro={
        <Text>
          In your box of <strong>{formatDay(order.deliveryDate, { long: true })}</strong>.{' '}
          {open ? `${describeCutoff(order, now)}.` : 'Changes have closed for this box.'}
        </Text>
      }
    >
      {lines.length === 0 ? (
        <EmptyState title={`No ${words.many} in this box`}>
          Add one just this once, or to every box or every few boxes.
        </EmptyState>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <li key={line.line.id}>
              <ExtraRow
                order={order}
                subscription={subscription}
                line={line}
                disabled={!open || !subscription}
              />
            </li>
          ))}
        </Stack>
      )}
      {open && subscription ? (
        <Button component={Link} to={orderEditPaths.addExtras(order.id, type)} variant="light">
          Add {words.many}
        </Button>
      ) : null}
    </FullScreenPage>
  );
}

type Action = { kind: 'save' | 'remove' };

function ExtraRow({
  order,
  subscription,
  line: { line, product, extra },
  disabled,
}: {
  order: Order;
  subscription: Subscription | null;
  line: ExtraLine;
  disabled: boolean;
}) {
  const notify = useSuccessNotice();
  const [quantity, setQuantity] = useState(extra?.quantity ?? line.quantity);
  const [nthOrder, setNthOrder] = useState(extra?.nthOrder ?? 1);
  const [last, setLast] = useState<Action | null>(null);
  const day = formatDay(order.deliveryDate);
  const unit = (n: number) => (n === 1 ? 'pack' : 'packs');
  const quantityChanged = quantity !== (extra?.quantity ?? line.quantity);
  const frequencyChanged = extra !== null && nthOrder !== extra.nthOrder;

  const change = useExtraChange(async ({ kind }: Action): Promise<string> => {
    const subscriptionId = subscription!.id;
    if (kind === 'remove') {
      if (extra) {
        await deleteSubscriptionExtra(subscriptionId, { extraId: extra.id });
        return `${product.name} stops: it is off your boxes from ${day} on.`;
      }
      await deleteOrderExtra(order.id, { subscriptionId, orderLineItemId: line.id });
      return `${product.name} is off your box of ${day}.`;
    }
    if (extra && frequencyChanged) {
      await updateSubscriptionExtraFrequency(subscriptionId, {
        extraId: extra.id,
        extraType: extra.extraType,
        // Counted through this box, so it keeps the extra (docs/changes.md).
        startOrderId: order.id,
        nthOrder,
        quantity,
        productVariantId: extra.productVariantId,
      });
      return `${product.name}: ${countOf(quantity, 'pack')} in ${describeFrequency(nthOrder).toLowerCase()}.`;
    }
    if (extra) {
      await updateSubscriptionExtraQuantity(subscriptionId, { extraId: extra.id, quantity });
      return `${product.name}: ${countOf(quantity, 'pack')} in ${describeFrequency(extra.nthOrder).toLowerCase()}.`;
    }
    await updateOrderExtra(order.id, { subscriptionId, orderLineItemId: line.id, quantity });
    return `${product.name}: ${countOf(quantity, 'pack')} in your box of ${day}.`;
  }, notify);

  const run = (action: Action) => {
    setLast(action);
    change.mutate(action);
  };
  const price = line.discountedPrice ?? line.price;

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ProductImage src={extraImage(product)} size={64} />
          <div style={{ flex: 1 }}>
            <Text fw={800} component="h2" size="lg">
              {product.name}
            </Text>
            <Text size="sm" c="dimmed">
              {describeFrequency(extra ? extra.nthOrder : null)} · {formatCents(price)} a pack
            </Text>
          </div>
        </Group>
        <Group justify="space-between" gap="sm">
          <QuantityStepper
            name={`${product.name} pack`}
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={50}
            unit={unit}
            disabled={disabled || change.isPending}
          />
          {extra ? (
            <NativeSelect
              label="How often"
              value={String(nthOrder)}
              onChange={(event) => setNthOrder(Number(event.currentTarget.value))}
              data={[1, 2, 3, 4].map((n) => ({
                value: String(n),
                label: n === 1 ? 'Every box' : `Every ${ordinal(n)} box`,
              }))}
              disabled={disabled || change.isPending}
            />
          ) : null}
        </Group>
        {change.isError ? (
          <ExtraError error={change.error} onRetry={() => last && run(last)} />
        ) : null}
        <Group gap="sm">
          <Button
            onClick={() => run({ kind: 'save' })}
            disabled={disabled || (!quantityChanged && !frequencyChanged)}
            loading={change.isPending && last?.kind === 'save'}
          >
            Save changes
          </Button>
          <Button
            variant="light"
            color="red.9"
            onClick={() => run({ kind: 'remove' })}
            disabled={disabled}
            loading={change.isPending && last?.kind === 'remove'}
            aria-label={`Remove ${product.name}`}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
