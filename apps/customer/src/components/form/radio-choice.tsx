import { Group, Radio } from '@mantine/core';

export type ChoiceOption<V extends string> = { value: V; label: string };

type RadioChoiceProps<V extends string> = {
  label: string;
  /** '' when nothing is chosen. */
  value: V | '';
  onChange: (value: V) => void;
  options: readonly ChoiceOption<V>[];
  error?: string;
  description?: string;
};

/**
 * A labelled radio group (role="radiogroup", named by its label and described by its error).
 * Each radio is marked aria-invalid with the group, so "focus the first invalid field" finds it.
 */
export function RadioChoice<V extends string>({
  label,
  value,
  onChange,
  options,
  error,
  description,
}: RadioChoiceProps<V>) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value}
      onChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onChange(option.value);
      }}
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
