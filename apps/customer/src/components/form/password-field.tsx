import '../../styles/mantine-forms.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@pawfresh/contracts/field-rules';

/**
 * Mantine's PasswordInput, with `aria-invalid` on the input when there is an error (Mantine marks
 * only a data attribute there), so assistive technology hears it and focus can find it.
 * The show/hide toggle is Mantine's; pasting is never blocked.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}

/** A password being set: says the contract's minimum length, and lets password managers fill it. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <PasswordField
      label="New password"
      required
      autoComplete="new-password"
      description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      {...props}
    />
  );
}
