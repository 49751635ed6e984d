import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A list's text filter: what is typed shows at once, and the filter (held in the URL) follows
 * once typing pauses, so the list is not asked again for every key.
 */
export function FilterText({
  value,
  onSettled,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The filter as the URL holds it now. */
  value: string;
  onSettled: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const settle = useDebouncedCallback(onSettled, 300);
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        settle(e.currentTarget.value);
      }}
    />
  );
}
