import '../../styles/mantine-forms.css';
import { Button, Stack, type MantineSpacing } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';

import { FormAlert } from './form-alert';
import type { SubmissionState } from './use-submission';

type SchemaFormProps<Values extends Record<string, unknown>, Body> = {
  form: UseFormReturnType<Values, Body>;
  /** `submit` is called with the body once the values pass the form's schema. */
  submission: SubmissionState<Body>;
  submitLabel: string;
  children: ReactNode;
  /** Below the submit button (e.g. a link). */
  footer?: ReactNode;
  gap?: MantineSpacing;
  /**
   * Edit forms: called instead of sending when no value differs from the initial ones, so a save
   * that changes nothing says nothing changed rather than "Successfully updated".
   */
  onUnchanged?: () => void;
};

/**
 * Every form of the app: the server's message in an alert at the top, the fields, the submit
 * button (loading and disabled while the submission runs, and a second submit is ignored). When
 * the values fail the schema, the errors go on the fields and focus moves to the first invalid
 * field in page order. The browser's own validation is off (`noValidate`): the messages are the
 * server's.
 */
export function SchemaForm<Values extends Record<string, unknown>, Body>({
  form,
  submission,
  submitLabel,
  children,
  footer,
  gap = 'md',
  onUnchanged,
}: SchemaFormProps<Values, Body>) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (submission.submitting) return;
        submission.clearFormError?.();
        if (onUnchanged && !form.isDirty()) {
          onUnchanged();
          return;
        }
        const formElement = event.currentTarget;
        form.onSubmit(
          (body) => submission.submit(body),
          (errors) => {
            // Rendered synchronously so the inputs carry aria-invalid before focus moves.
            flushSync(() => form.setErrors(errors));
            formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          },
        )(event);
      }}
    >
      <Stack gap={gap}>
        <FormAlert message={submission.formError} />
        {children}
        <Button type="submit" loading={submission.submitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
