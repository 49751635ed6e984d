import '../../styles/mantine-forms.css';
import { TextInput, type TextInputProps } from '@mantine/core';

import type { InputPropsOf } from '../../lib/form';

/** One text input of a form: the field it edits and how it looks. */
export type TextFieldSpec<Values> = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  field: Extract<keyof Values, string>;
  label: string;
};

/** A form's run of plain text inputs, in order, each bound to its field. */
export function TextFields<Values>({
  inputProps,
  fields,
}: {
  inputProps: InputPropsOf<Values>;
  fields: readonly TextFieldSpec<Values>[];
}) {
  return fields.map(({ field, ...props }) => (
    <TextInput key={field} {...props} {...inputProps(field)} />
  ));
}

/** The e-mail address field (required). */
export const emailField = <Values extends { email: string }>(
  autoComplete: 'email' | 'username',
): TextFieldSpec<Values> => ({
  field: 'email' as Extract<keyof Values, string>,
  label: 'Email',
  type: 'email',
  required: true,
  autoComplete,
});
