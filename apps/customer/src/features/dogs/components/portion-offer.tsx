import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CustomerDog, CustomerDogProfileChange } from '@pawfresh/contracts/account';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { planPaths } from '../../../config/paths';

type Offer = NonNullable<CustomerDogProfileChange['portionOffer']>;

/** "Her", "His", or the dog's name with an apostrophe when we do not know. */
export function possessive(dog: Pick<CustomerDog, 'name' | 'gender'>): string {
  if (dog.gender === 'female') return 'Her';
  if (dog.gender === 'male') return 'His';
  return `${dog.name}’s`;
}

/** The serving-size review of the offered portion (it changes nothing until confirmed). */
export function portionReviewPath(dogId: string, offer: Offer): string {
  const search = new URLSearchParams({ servingSize: offer.servingSize }).toString();
  return `${planPaths.servingSize(dogId, offer.feedingPlanId, 'review')}?${search}`;
}

/**
 * After a profile change that calls for another daily portion: says the profile is saved and the
 * plan is not changed, offers the new portion through the serving-size review, or keeping the
 * current one. It takes the focus when it appears, so it is where the customer looks.
 */
export function PortionOffer({
  dog,
  offer,
  onKeep,
}: {
  dog: Pick<CustomerDog, 'identifier' | 'name' | 'gender'>;
  offer: Offer;
  onKeep: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="portion-offer-title">
      <Stack gap="md">
        <Title order={2} id="portion-offer-title" ref={heading} tabIndex={-1} fz="h3">
          {`${dog.name}’s profile is saved`}
        </Title>
        <Text>
          {`${possessive(dog)} daily portion could be ${offer.afterGrams}\u00a0g instead of ${offer.beforeGrams}\u00a0g. ${possessive(dog)} plan has not changed: review the new portion to see what it does to your boxes and price first.`}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={portionReviewPath(dog.identifier, offer)}>
            {`Review ${offer.afterGrams} g a day`}
          </Button>
          <Button variant="light" onClick={onKeep}>
            {`Keep ${offer.beforeGrams} g a day`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
