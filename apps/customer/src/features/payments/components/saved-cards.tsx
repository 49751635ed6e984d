import { Badge, Button, Group, Stack, Text } from '@mantine/core';

import { describeCard, describeExpiry, type PaymentMethod } from '../api/payment-methods';
import classes from './saved-cards.module.css';

type SavedCardsProps = {
  cards: readonly PaymentMethod[];
  /** Makes a card the default; the button of that card is busy meanwhile. */
  onMakeDefault: (card: PaymentMethod) => void;
  pendingCardId: string | null;
};

function CardIcon({ brand }: { brand: string }) {
  const isVisa = brand.toLowerCase() === 'visa';
  return (
    <svg width="48" height="32" viewBox="0 0 48 32" aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="5" fill={isVisa ? '#1a1f71' : '#2d2420'} />
      {isVisa ? (
        <path d="M8 22l3-12h3l-3 12zM16 22l3-12h3l-3 12z" fill="#fbf6ee" />
      ) : (
        <>
          <circle cx="20" cy="16" r="7" fill="#eb7b48" />
          <circle cx="28" cy="16" r="7" fill="#f29b72" opacity="0.9" />
        </>
      )}
    </svg>
  );
}

/** The saved cards, the default first, each with the way to make it the default. */
export function SavedCards({ cards, onMakeDefault, pendingCardId }: SavedCardsProps) {
  if (cards.length === 0) {
    return <Text>No card saved yet. You’ll add one when you check out your first box.</Text>;
  }
  return (
    <ul className={classes.list}>
      {cards.map((card) => (
        <li key={card.id} className={classes.card}>
          <Group gap="sm" wrap="nowrap">
            <CardIcon brand={card.brand} />
            <Stack gap={0}>
              <Text fw={700}>{describeCard(card)}</Text>
              <Text size="sm" c="dimmed">
                {describeExpiry(card)}
              </Text>
            </Stack>
          </Group>
          {card.default ? (
            <Badge color="sage.8" variant="filled" radius="xl" tt="none" size="lg">
              Charged for your boxes
            </Badge>
          ) : (
            <Button
              variant="light"
              size="sm"
              loading={pendingCardId === card.id}
              disabled={pendingCardId !== null && pendingCardId !== card.id}
              onClick={() => onMakeDefault(card)}
            >
              Use this card<span className={classes.hidden}> ({describeCard(card)})</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
