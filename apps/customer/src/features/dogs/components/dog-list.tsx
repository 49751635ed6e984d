import { Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';

import { DetailList } from '../../../components/ui/detail-list';
import { DogAvatar } from '../../../components/ui/dog-avatar';
import { dogEditDetailsPath, dogEditProfilePath, planPaths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { describeDogAge } from '../utils/dog-age';

export function describeBreeds(dog: Dog): string {
  if (dog.breeds.length > 0) return dog.breeds.map((breed) => breed.name).join(', ');
  return dog.preferredBreedName || 'Not set';
}

/** Energy is supporting detail, in everyday words ("calories", not "kcal/day"). */
export function describeDailyEnergy(kilocalories: number | null): string {
  return kilocalories === null
    ? 'Worked out once we know their weight'
    : `About ${formatNumber(kilocalories)} calories a day`;
}

function DogCard({
  dog,
  today,
  portion,
  feedingPlanId,
  canStartPlan,
}: {
  dog: Dog;
  today: string;
  portion?: string;
  feedingPlanId?: string;
  canStartPlan: boolean;
}) {
  const startable = canStartPlan && !feedingPlanId;
  const headingId = useId();
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <DogAvatar dogId={dog.identifier} size={64} />
          <Title order={2} id={headingId}>
            {dog.name}
          </Title>
        </Group>
        <DetailList
          items={[
            { label: 'Breed', value: describeBreeds(dog) },
            {
              label: 'Age',
              value:
                describeDogAge(dog.dateOfBirth, dog.dateOfBirthIsApproximate, today) ?? 'Not set',
            },
            { label: 'Weight', value: dog.weight ? `${dog.weight} kg` : 'Not set' },
            {
              label: 'Daily food',
              value: startable
                ? 'No plan yet'
                : (portion ?? 'Shown once their first box is planned'),
            },
          ]}
        />
        <Text size="sm" c="dimmed">
          Energy needs: {describeDailyEnergy(dog.dailyEnergyKilocalories).toLowerCase()}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={dogEditDetailsPath(dog.identifier)} variant="light">
            Edit details<VisuallyHidden> for {dog.name}</VisuallyHidden>
          </Button>
          <Button component={Link} to={dogEditProfilePath(dog.identifier)} variant="light">
            Edit profile<VisuallyHidden> for {dog.name}</VisuallyHidden>
          </Button>
        </Group>
        {feedingPlanId ? (
          <Group gap="sm">
            <Button
              component={Link}
              to={planPaths.servingSize(dog.identifier, feedingPlanId)}
              variant="light"
            >
              Change portion<VisuallyHidden> for {dog.name}</VisuallyHidden>
            </Button>
            <Button component={Link} to={planPaths.meals(dog.identifier)} variant="light">
              Change meals<VisuallyHidden> for {dog.name}</VisuallyHidden>
            </Button>
            <Button component={Link} to={planPaths.plan(dog.identifier)} variant="light">
              Change plan<VisuallyHidden> for {dog.name}</VisuallyHidden>
            </Button>
          </Group>
        ) : startable ? (
          <Group gap="sm">
            <Button component={Link} to={planPaths.start(dog.identifier)}>
              Start a plan<VisuallyHidden> for {dog.name}</VisuallyHidden>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

type DogListProps = {
  dogs: readonly Dog[];
  /** YYYY-MM-DD, for the ages. */
  today: string;
  /** Each dog's daily portion in words ("250 g a day (1 pouch a day)"), by dog id. */
  portions?: ReadonlyMap<string, string>;
  /** Each dog's feeding plan on the subscription, by dog id: its plan pages are linked. */
  feedingPlanIds?: ReadonlyMap<string, string>;
  /** The subscription takes new plans (active or paused): a dog without one gets "Start a plan". */
  canStartPlan?: boolean;
};

/** The customer's dogs (customer-app.md §2 /dogs). */
export function DogList({
  dogs,
  today,
  portions,
  feedingPlanIds,
  canStartPlan = false,
}: DogListProps) {
  if (dogs.length === 0) return <Text>You haven’t added any dogs yet.</Text>;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="lg"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {dogs.map((dog) => (
        <li key={dog.identifier}>
          <DogCard
            dog={dog}
            today={today}
            portion={portions?.get(dog.identifier)}
            feedingPlanId={feedingPlanIds?.get(dog.identifier)}
            canStartPlan={canStartPlan}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}
