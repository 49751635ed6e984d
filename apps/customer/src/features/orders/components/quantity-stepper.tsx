import '@mantine/core/styles/ActionIcon.layer.css';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useId } from 'react';

type QuantityStepperProps = {
  /** What is counted, e.g. "Kangaroo Jerky": names the buttons ("One more Kangaroo Jerky"). */
  name: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  /** "pouches", "packs": shown after the number. */
  unit?: (value: number) => string;
  disabled?: boolean;
};

/**
 * − and + around a count, each a real button with a name saying what it does to what; the count is
 * announced politely as it changes. Big enough to hit with a thumb (44 px).
 */
export function QuantityStepper({
  name,
  value,
  onChange,
  min = 0,
  max,
  unit,
  disabled = false,
}: QuantityStepperProps) {
  const id = useId();
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={`How many ${name}`}>
      <ActionIcon
        size={44}
        radius="xl"
        variant="light"
        aria-label={`One fewer ${name}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true" style={{ fontSize: '1.5rem', lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <Text id={id} component="output" aria-live="polite" fw={800} miw="5.5rem" ta="center">
        {value}
        {unit ? ` ${unit(value)}` : ''}
      </Text>
      <ActionIcon
        size={44}
        radius="xl"
        variant="light"
        aria-label={`One more ${name}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true" style={{ fontSize: '1.5rem', lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}
