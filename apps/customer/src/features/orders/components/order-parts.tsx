import { Badge, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

import {
  DISPLAY_TYPE_WORDS,
  describePrice,
  formatCents,
  formatDay,
  type Order,
} from '../utils/order-format';
import classes from './orders.module.css';

const BADGE_COLORS: Record<Order['displayType'], string> = {
  HIDDEN: 'gray',
  FAILED: 'red.9',
  PAST: 'oat.7',
  DELIVERED: 'oat.7',
  PREPARING: 'sage.8',
  'ON ITS WAY': 'sage.8',
  FUTURE: 'paprika.7',
};

/** The order's display type (customer-app.md §4) as a badge in plain words. */
export function StatusBadge({ order }: { order: Order }) {
  return (
    <Badge color={BADGE_COLORS[order.displayType]} variant="filled" radius="xl" size="lg" tt="none">
      {DISPLAY_TYPE_WORDS[order.displayType]}
    </Badge>
  );
}

export function Fact({
  icon,
  children,
}: {
  icon: 'calendar' | 'clock' | 'pin' | 'card';
  children: ReactNode;
}) {
  return (
    <li className={classes.fact}>
      <svg
        className={classes.factIcon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {icon === 'calendar' ? (
          <>
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </>
        ) : icon === 'clock' ? (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </>
        ) : icon === 'pin' ? (
          <>
            <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
            <circle cx="12" cy="10" r="2.5" />
          </>
        ) : (
          <>
            <rect x="2" y="5" width="20" height="14" rx="2" />
            <path d="M2 10h20" />
          </>
        )}
      </svg>
      <span>{children}</span>
    </li>
  );
}

/** What the box costs: the charge, and with a discount the full price struck through and the saving. */
export function Price({ order }: { order: Order }) {
  const price = describePrice(order);
  return (
    <div>
      <Text className={classes.price}>{price.charge}</Text>
      {price.fullPrice ? (
        <Text size="sm">
          <span className={classes.fullPrice}>
            <VisuallyHidden component="span">Was </VisuallyHidden>
            {price.fullPrice}
          </span>{' '}
          <Text span fw={700} c="sage.8" size="sm">
            You save {price.saving}
          </Text>
        </Text>
      ) : null}
    </div>
  );
}

/** When the box is charged, in words, from its payment status. */
export function describePayment(order: Order): string {
  switch (order.paymentStatus) {
    case 'processed':
      return `Paid ${formatCents(order.totalCharge)}`;
    case 'processing':
      return 'Payment going through';
    case 'attempt_failed':
    case 'expired':
      return 'Payment didn’t go through';
    default:
      return `We’ll charge your card on ${formatDay(order.billingDate)}`;
  }
}
