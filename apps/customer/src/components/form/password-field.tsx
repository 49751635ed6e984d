import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with `aria-invalid` on the input when there is an error (Mantine marks
 * only a data attribute there), so assistive technology hears it and focus can find it.
 * The show/hide toggle is Mantine's; pasting is never blocked.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
