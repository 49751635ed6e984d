import '../../styles/mantine-forms.css';
import { Group, Radio } from '@mantine/core';
import type { ReactNode } from 'react';

export type ChoiceOption<V extends string> = { value: V; label: string };

type RadioChoiceProps = {
  label: string;
  /** '' when nothing is chosen. */
  value?: string;
  onChange?: (value: string) => void;
  options: readonly ChoiceOption<string>[];
  error?: ReactNode;
  description?: string;
};

/**
 * A labelled radio group (role="radiogroup", named by its label and described by its error).
 * Each radio is marked aria-invalid with the group, so "focus the first invalid field" finds it.
 * Takes a form's `getInputProps(…)`.
 */
export function RadioChoice({
  label,
  value,
  onChange,
  options,
  error,
  description,
}: RadioChoiceProps) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value ?? ''}
      onChange={onChange}
      error={error}
    >
      <Group gap="md" mt="xs">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
