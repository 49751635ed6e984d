import { Group, Stack, Text } from '@mantine/core';

import { DogAvatar } from '../../../components/ui/dog-avatar';
import { ProductImage } from '../../../components/ui/product-image';
import { formatNumber } from '../../../lib/format';
import {
  countOf,
  dailyPortion,
  describePortion,
  type BoxLine,
  type DogBox,
} from '../utils/box-contents';
import classes from './orders.module.css';

function Line({
  line,
  unit,
  units,
  imageSize,
}: {
  line: BoxLine;
  unit: string;
  units: string;
  imageSize: number;
}) {
  return (
    <li className={classes.line}>
      <ProductImage src={line.image} size={imageSize} />
      <div>
        <Text fw={700} lh={1.3}>
          {line.name}
        </Text>
        <Text size="sm" c="dimmed">
          {countOf(line.quantity, unit, units)}
          {line.gramsEach ? ` of ${line.gramsEach} g` : ''}
        </Text>
      </div>
    </li>
  );
}

type DogMealsProps = {
  dogBox: DogBox;
  /** Days the box lasts (until the next one), for the daily portion. */
  days: number | null;
  imageSize?: number;
  headingLevel?: 'h3' | 'h4';
};

/** One dog's part of a box: who it is for, its daily portion in plain words, then the meals. */
export function DogMeals({ dogBox, days, imageSize = 64, headingLevel = 'h3' }: DogMealsProps) {
  const portion = dailyPortion(dogBox, days);
  const name = dogBox.dog?.name ?? 'Your dog';
  const Heading = headingLevel;
  return (
    <div className={classes.dogBox}>
      <Group gap="sm" wrap="nowrap" mb="sm">
        <DogAvatar dogId={dogBox.animalId} size={48} />
        <div>
          <Heading className={classes.dogName}>For {name}</Heading>
          <Text size="sm">
            {countOf(dogBox.pouches, 'pouch', 'pouches')}
            {portion ? ` · ${describePortion(portion)}` : ''}
          </Text>
          {dogBox.dog?.dailyEnergyKilocalories ? (
            <Text size="xs" c="dimmed">
              Sized for about {formatNumber(dogBox.dog.dailyEnergyKilocalories)} calories a day
            </Text>
          ) : null}
        </div>
      </Group>
      <ul className={classes.lines}>
        {dogBox.meals.map((line) => (
          <Line key={line.id} line={line} unit="pouch" units="pouches" imageSize={imageSize} />
        ))}
      </ul>
    </div>
  );
}

/** The extras (treats, supplements) in a box. */
export function Extras({ extras, imageSize = 56 }: { extras: BoxLine[]; imageSize?: number }) {
  if (extras.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={800}>Extras</Text>
      <ul className={classes.lines}>
        {extras.map((line) => (
          <Line key={line.id} line={line} unit="pack" units="packs" imageSize={imageSize} />
        ))}
      </ul>
    </Stack>
  );
}
