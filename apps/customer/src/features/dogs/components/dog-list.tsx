import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';

import { DetailList } from '../../../components/ui/detail-list';
import { dogEditDetailsPath, dogEditProfilePath } from '../../../config/paths';
import { describeDogAge } from '../utils/dog-age';

const energyFormat = new Intl.NumberFormat('en-AU');

export function describeBreeds(dog: Dog): string {
  if (dog.breeds.length > 0) return dog.breeds.map((breed) => breed.name).join(', ');
  return dog.preferredBreedName || 'Not set';
}

export function describeDailyEnergy(kilocalories: number | null): string {
  return kilocalories === null ? 'Not known yet' : `${energyFormat.format(kilocalories)} kcal/day`;
}

function DogCard({ dog, today }: { dog: Dog; today: string }) {
  const headingId = useId();
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {dog.name}
        </Title>
        <DetailList
          items={[
            { label: 'Breed', value: describeBreeds(dog) },
            {
              label: 'Age',
              value:
                describeDogAge(dog.dateOfBirth, dog.dateOfBirthIsApproximate, today) ?? 'Not set',
            },
            { label: 'Weight', value: dog.weight ? `${dog.weight} kg` : 'Not set' },
            { label: 'Daily energy', value: describeDailyEnergy(dog.dailyEnergyKilocalories) },
          ]}
        />
        <Group gap="sm">
          <Button component={Link} to={dogEditDetailsPath(dog.identifier)} variant="light">
            Edit details<VisuallyHidden> for {dog.name}</VisuallyHidden>
          </Button>
          <Button component={Link} to={dogEditProfilePath(dog.identifier)} variant="light">
            Edit profile<VisuallyHidden> for {dog.name}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The customer's dogs (customer-app.md §2 /dogs). `today` is YYYY-MM-DD, for the ages. */
export function DogList({ dogs, today }: { dogs: readonly Dog[]; today: string }) {
  if (dogs.length === 0) return <Text>You haven’t added any dogs yet.</Text>;
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {dogs.map((dog) => (
        <li key={dog.identifier}>
          <DogCard dog={dog} today={today} />
        </li>
      ))}
    </Stack>
  );
}
